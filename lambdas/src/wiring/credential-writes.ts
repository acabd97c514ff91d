import type { Journal, RegisteredWorkflow } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import { allowedOrigins } from '../env';
import {
  CREDENTIAL_WRITE_KINDS,
  CREDENTIAL_WRITES,
  credentialWriteJournal,
} from '../credentials/credential-journal';
import type { CredentialDeps } from '../credentials/credential-records';
import type { CredentialWriteDeps } from '../credentials/credential-writes';
import { systemClock } from '../core/ports/clock';
import { auditReader } from './audit';
import { credentialStore, machineClients } from './credentials';
import { auditTrail, writeJournal } from './dynamodb';
import { eventWriter } from './events';
import { mailOutbox } from './outbox';
import { registryReader } from './registry';
import { mailer } from './ses';

/** What every journaled credential write needs (credential-writes.ts). */
export const credentialWriteDeps = (): CredentialWriteDeps => ({
  credentials: credentialStore(),
  clients: machineClients(),
  outbox: mailOutbox(),
  audit: auditTrail(),
  auditReader: auditReader(),
  events: eventWriter(),
  clock: systemClock,
  logger: lambdaLogger,
});

/**
 * The journal credential writes run through, knowing the kinds given (credential-journal.ts:
 * each function its own; every kind for the reconciler).
 */
export const credentialWrites = (
  workflows: readonly RegisteredWorkflow<CredentialWriteDeps>[] = CREDENTIAL_WRITES,
): Journal<CredentialWriteDeps> =>
  credentialWriteJournal({ journal: writeJournal() }, credentialWriteDeps(), workflows);

type Kinds = keyof typeof CREDENTIAL_WRITE_KINDS;

/** What a credential call needs; its journal knows the kinds of write it runs. */
export const credentialDeps = (kinds: readonly Kinds[] = []): CredentialDeps => ({
  credentials: credentialStore(),
  clients: machineClients(),
  registry: registryReader(),
  mailer: mailer(),
  audit: auditTrail(),
  clock: systemClock,
  allowedOrigins: allowedOrigins(),
  writes: credentialWrites(kinds.flatMap((k) => CREDENTIAL_WRITE_KINDS[k])),
});
