import { Journal, type JournalDeps, register, type RegisteredWorkflow } from '../core/journal';
import {
  expireCredentialWrite,
  noticeCredentialWrite,
  retireSecretWrite,
  revealCredentialWrite,
  revokeCredentialWrite,
} from './credential-changes';
import { sweepCredentialWrite } from './credential-sweep';
import {
  type CredentialWriteDeps,
  issueCredentialWrite,
  linkCredentialWrite,
} from './credential-writes';

/**
 * Every kind of credential write (issue 32), and which kinds each function's journal knows.
 * A function knows the kinds it runs, and may take every step of those (infra's permissions):
 * an interrupted write of one of them found on a credential is finished by the next such write
 * on it; one of another kind makes the next write wait a moment (then 409) and is finished by the
 * reconciler, which knows them all. So no function gets a step it never takes itself (issuing
 * cannot add a secret, the credential job cannot create a client).
 */
export const CREDENTIAL_WRITE_KINDS = {
  issue: [register(issueCredentialWrite)],
  link: [register(linkCredentialWrite)],
  reveal: [register(revealCredentialWrite)],
  retire: [register(retireSecretWrite)],
  revoke: [register(revokeCredentialWrite)],
  /** The credential job's: expiry, the end of a grace period, notices. */
  job: [
    register(expireCredentialWrite),
    register(retireSecretWrite),
    register(noticeCredentialWrite),
  ],
} as const satisfies Record<string, readonly RegisteredWorkflow<CredentialWriteDeps>[]>;

/** Every kind: the reconciler's (which also sweeps). */
export const CREDENTIAL_WRITES: readonly RegisteredWorkflow<CredentialWriteDeps>[] = [
  register(issueCredentialWrite),
  register(linkCredentialWrite),
  register(revealCredentialWrite),
  register(retireSecretWrite),
  register(revokeCredentialWrite),
  register(expireCredentialWrite),
  register(noticeCredentialWrite),
  register(sweepCredentialWrite),
];

/** A journal of credential writes; the cores, the jobs and the reconciler build it alike. */
export const credentialWriteJournal = (
  journal: Omit<JournalDeps, 'clock' | 'logger'>,
  deps: CredentialWriteDeps,
  workflows: readonly RegisteredWorkflow<CredentialWriteDeps>[] = CREDENTIAL_WRITES,
): Journal<CredentialWriteDeps> =>
  new Journal({ ...journal, clock: deps.clock, logger: deps.logger }, workflows, deps);
