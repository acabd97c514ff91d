import * as z from 'zod';
import { ConflictError } from '../core/errors';
import type { Journal, Workflow } from '../core/journal';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { CredentialRecord } from '../core/ports/credentials';
import {
  auditOnce,
  changeRecord,
  CLIENT_NAME_PREFIX,
  credentialSubject,
  type CredentialWriteDeps,
} from './credential-writes';

/**
 * The reconciler's sweep of API credentials against their Cognito app clients (issue 32). Every
 * write that makes or removes a client is journaled, so none should disagree; the sweep finds what
 * still does (a client made by hand, a write older than the journal, a client deleted in the AWS
 * console) and resolves it, each as a journaled write of its own, audited:
 *
 * - `orphan-client`: a client of ours (named `ccsc-credential-<apiId>`) that no credential record
 *   names — a working machine credential no administrator can see or revoke: deleted;
 * - `leftover-client`: the client of a revoked or expired credential, still there (Cognito could
 *   not delete it then): deleted;
 * - `missing-client`: a pending or active credential whose client is gone — it cannot work
 *   again: marked `broken`, for an administrator to revoke and replace.
 *
 * Each runs on the credential's subject, so a write under way on it (an issue between its client
 * and its record) is waited for, or finished first, and the sweep checks again under that lock
 * before it acts. How many it resolved is published (CREDENTIAL_SWEEP_METRIC); an alarm fires at one.
 */

export const SWEEP_PROBLEMS = ['orphan-client', 'leftover-client', 'missing-client'] as const;
export type SweepProblem = (typeof SWEEP_PROBLEMS)[number];

const sweepInput = z.object({
  apiId: z.string(),
  clientId: z.string(),
  problem: z.enum(SWEEP_PROBLEMS),
  requestId: z.string(),
});
export type SweepInput = z.infer<typeof sweepInput>;
const sweepState = z.object({ still: z.boolean().optional() });

const ACTIONS: Record<SweepProblem, { action: string; reason: string }> = {
  'orphan-client': {
    action: 'api-credential.orphan-client-deleted',
    reason: 'A Cognito app client of the console that no credential names: deleted.',
  },
  'leftover-client': {
    action: 'api-credential.client-deleted',
    reason: 'The Cognito app client of a revoked or expired credential was still there: deleted.',
  },
  'missing-client': {
    action: 'api-credential.broken',
    reason: 'Its Cognito app client is gone: the credential cannot work again.',
  },
};

const systemEntry = (input: SweepInput, record: CredentialRecord | null): AuditEntry => ({
  action: ACTIONS[input.problem].action,
  outcome: 'success',
  actor: null,
  target: { type: 'api-credential', id: input.apiId, label: input.clientId },
  organisationId: record?.organisationId ?? null,
  source: { ip: 'scheduled-job', userAgent: 'reconcile-writes' },
  requestId: input.requestId,
  after: { clientId: input.clientId, ...(record === null ? {} : { status: record.status }) },
  reason: ACTIONS[input.problem].reason,
});

/** Whether the problem is still there, looked at under the credential's lock. */
const stillSo = async (input: SweepInput, deps: CredentialWriteDeps): Promise<boolean> => {
  const record = input.problem === 'orphan-client' ? null : await deps.credentials.get(input.apiId);
  switch (input.problem) {
    case 'orphan-client':
      return (
        (await deps.credentials.byClient(input.clientId)) === null &&
        (await deps.clients.exists(input.clientId))
      );
    case 'leftover-client':
      return (
        record?.clientId === input.clientId &&
        (record.status === 'revoked' || record.status === 'expired') &&
        (await deps.clients.exists(input.clientId))
      );
    case 'missing-client':
      return (
        record?.clientId === input.clientId &&
        (record.status === 'pending' || record.status === 'active') &&
        !(await deps.clients.exists(input.clientId))
      );
  }
};

export const sweepCredentialWrite: Workflow<
  SweepInput,
  z.infer<typeof sweepState>,
  CredentialWriteDeps
> = {
  kind: 'credential.sweep',
  input: sweepInput,
  state: sweepState,
  steps: () => [
    {
      name: 'check',
      run: async ({ input }, deps) => ({ still: await stillSo(input, deps) }),
    },
    {
      name: 'resolve',
      run: async (write, deps) => {
        const { input, state } = write;
        if (state.still !== true) return undefined;
        if (input.problem !== 'missing-client') {
          await deps.clients.delete(input.clientId);
          return undefined;
        }
        const record = await deps.credentials.get(input.apiId);
        if (record === null) return undefined;
        await changeRecord(
          deps,
          write,
          { apiId: input.apiId, fromRevision: record.revision, action: 'broken', by: 'hub' },
          (r) => ({ ...r, status: 'broken', link: null, rotation: null }),
        );
        return undefined;
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        if (write.state.still !== true) return undefined;
        // An orphan belongs to no credential (a record of that apiId names another client).
        const record =
          write.input.problem === 'orphan-client'
            ? null
            : await deps.credentials.get(write.input.apiId);
        await auditOnce(write, deps, systemEntry(write.input, record));
        return undefined;
      },
    },
  ],
  abandon: () => Promise.resolve(),
};

/** The apiId a client of ours is named after; null for any other client of the pool. */
const apiIdOfClient = (name: string): string | null =>
  name.startsWith(CLIENT_NAME_PREFIX) && name.length > CLIENT_NAME_PREFIX.length
    ? name.slice(CLIENT_NAME_PREFIX.length)
    : null;

/** What the sweep found; each one resolved (or found resolved already under the lock). */
export interface SweepOutcome {
  found: { problem: SweepProblem; apiId: string; clientId: string }[];
  resolved: number;
  /** Those it could not look at now (a write under way held the credential): the next run does. */
  busy: number;
  /** Those that failed (a service failing), with why: the next run tries again. */
  failed: string[];
}

/**
 * Compares every client of ours with every credential record and resolves each disagreement
 * through the journal. Runs in the reconciler (every 5 minutes in AWS; every pass offline).
 */
export const sweepCredentials = async (
  deps: CredentialWriteDeps,
  writes: Pick<Journal<CredentialWriteDeps>, 'run'>,
  requestId: string,
): Promise<SweepOutcome> => {
  const [clients, records] = await Promise.all([
    deps.clients.list(CLIENT_NAME_PREFIX),
    deps.credentials.all(),
  ]);
  const byClient = new Map(records.map((r) => [r.clientId, r]));
  const present = new Set(clients.map((c) => c.clientId));
  const found: SweepOutcome['found'] = [];
  for (const client of clients) {
    const apiId = apiIdOfClient(client.name);
    if (apiId === null) continue;
    const record = byClient.get(client.clientId);
    if (record === undefined)
      found.push({ problem: 'orphan-client', apiId, clientId: client.clientId });
    else if (record.status === 'revoked' || record.status === 'expired') {
      found.push({ problem: 'leftover-client', apiId: record.apiId, clientId: client.clientId });
    }
  }
  for (const record of records) {
    if (
      (record.status === 'pending' || record.status === 'active') &&
      !present.has(record.clientId)
    ) {
      found.push({ problem: 'missing-client', apiId: record.apiId, clientId: record.clientId });
    }
  }
  let resolved = 0;
  let busy = 0;
  const failed: string[] = [];
  for (const item of found) {
    try {
      const state = await writes.run(sweepCredentialWrite, credentialSubject(item.apiId), {
        ...item,
        requestId: `${requestId}:${item.apiId}`,
      });
      if (state.still === true) resolved += 1;
    } catch (err) {
      // Held by a write under way (409), or a service failing: the next run looks again; the
      // others go on.
      if (err instanceof ConflictError) busy += 1;
      else failed.push(`${item.apiId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { found, resolved, busy, failed };
};
