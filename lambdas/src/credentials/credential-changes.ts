import * as z from 'zod';
import { AppError, NotFoundError } from '../core/errors';
import { type Workflow } from '../core/journal';
import { auditEntrySchema } from '../core/journal-audit';
import { eventDraftSchema, eventsStep } from '../core/journal-events';
import { alreadyRecorded } from '../core/journal-audit';
import { PLAIN_MAIL } from '../core/outbox';
import type { CredentialRecord } from '../core/ports/credentials';
import { DAY_MS } from './credential-records';
import type { AuditEntry } from '../core/ports/audit-trail';
import {
  auditOnce,
  changedBy,
  changeRecord,
  type CredentialRun,
  type CredentialSecrets,
  type CredentialWriteDeps,
} from './credential-writes';

/**
 * The journaled changes of an existing credential (credential-writes.ts has the issue and the
 * link): the contact's reveal, the end of a rotation, revocation, and the credential job's
 * expiry and notices. Each: the record first (marked as the write's), then what it sets off in
 * Cognito or the mail, then the audit record once.
 */

/** Deletes every secret of the client but the newest: the end of a rotation. */
export const retireOlderSecrets = async (
  clients: CredentialWriteDeps['clients'],
  clientId: string,
) => {
  const ids = await clients.secretIds(clientId);
  for (const id of ids.slice(0, -1)) await clients.deleteSecret(clientId, id);
};

/** The last step of a change: its audit record (the input's), once. */
const auditStep = {
  name: 'audit',
  run: async (
    write: Pick<CredentialRun<{ audit: AuditEntry }>, 'input' | 'attempt' | 'startedAt'>,
    deps: CredentialWriteDeps,
  ) => {
    await auditOnce(write, deps, write.input.audit);
    return undefined;
  },
};

/** A change of one credential from the revision the caller's decision saw, audited once. */
const changeInput = z.object({
  apiId: z.string(),
  fromRevision: z.number().int(),
  audit: auditEntrySchema,
});
type ChangeInput = z.infer<typeof changeInput>;

/**
 * The first step of a change: the record changed by `change`, marked as this write's `action`,
 * made by whom `by` says.
 */
const recordStep = <I extends ChangeInput>(
  action: string,
  by: (input: I) => string,
  change: (
    record: CredentialRecord,
    write: Pick<CredentialRun<I>, 'input' | 'startedAt'>,
  ) => CredentialRecord,
) => ({
  name: 'record',
  run: async (
    write: Pick<CredentialRun<I>, 'input' | 'writeId' | 'startedAt'>,
    deps: CredentialWriteDeps,
  ) => {
    await changeRecord(deps, write, { ...write.input, action, by: by(write.input) }, (record) =>
      change(record, write),
    );
    return undefined;
  },
});

// ---------- credential.reveal: the contact's one reveal ----------

export const LINK_NOT_VALID =
  'This link is not valid (any more). Ask the administrator who issued the credential to send a new one.';

/** Said when a reveal was cut short before its secret reached the page: it is undone. */
const INTERRUPTED = 'The reveal was interrupted before the secret was shown; the link works again.';

const revealInput = z.object({
  apiId: z.string(),
  tokenHash: z.string(),
  /** The credential before the reveal: what undoing an interrupted reveal puts back. */
  before: z.object({
    status: z.enum(['pending', 'active']),
    revealedAt: z.string().nullable(),
    link: z.object({
      tokenHash: z.string(),
      kind: z.enum(['initial', 'rotation']),
      issuedAt: z.string(),
      until: z.string(),
    }),
    rotation: z
      .object({
        graceDays: z.number().int(),
        revealedAt: z.string().nullable(),
        retiresAt: z.string().nullable(),
        retiringSecretId: z.string().nullable(),
      })
      .nullable(),
  }),
  audit: auditEntrySchema,
});
export type RevealInput = z.infer<typeof revealInput>;
const revealState = z.object({ olderSecretIds: z.array(z.string()).optional() });

/**
 * decription: the link redeemed (at most one of two redemptions gets it), for a rotation a
 * second secret added (the older ones deleted at once for a grace of 0), the reveal recorded.
 * The secret reaches only the run that began the write (`transient`): a reveal cut short before
 * its answer left is undone, never finished — the secret it made deleted when another works,
 * the link put back, the interruption recorded — so the contact opens the same link again.
 */
export const revealCredentialWrite: Workflow<
  RevealInput,
  z.infer<typeof revealState>,
  CredentialWriteDeps,
  CredentialSecrets
> = {
  kind: 'credential.reveal',
  input: revealInput,
  state: revealState,
  steps: (input) => [
    {
      name: 'redeem',
      run: async ({ input: i, writeId }, deps) => {
        const now = deps.clock.now();
        const at = now.toISOString();
        const taken = await deps.credentials.redeemLink(i.apiId, i.tokenHash, now, (record) => ({
          ...record,
          link: null,
          revision: record.revision + 1,
          lastChange: { writeId, action: 'reveal', by: 'contact', fromRevision: record.revision },
          ...(record.link?.kind === 'rotation' && record.rotation !== null
            ? {
                rotation: {
                  ...record.rotation,
                  revealedAt: at,
                  retiresAt: new Date(
                    now.getTime() + record.rotation.graceDays * DAY_MS,
                  ).toISOString(),
                },
              }
            : { status: 'active' as const, revealedAt: at }),
        }));
        const record = taken ?? (await deps.credentials.get(i.apiId));
        if (record === null || (taken === null && record.lastChange?.writeId !== writeId)) {
          throw new NotFoundError(LINK_NOT_VALID);
        }
        // A rotation adds a secret: what was there before is what undoing it keeps.
        return i.before.link.kind === 'rotation'
          ? { olderSecretIds: await deps.clients.secretIds(record.clientId) }
          : undefined;
      },
    },
    ...(input.before.link.kind === 'rotation'
      ? [
          {
            name: 'secret',
            run: async (
              { input: i, transient, state }: Parameters<RevealStep['run']>[0],
              deps: CredentialWriteDeps,
            ) => {
              if (transient === undefined) throw new AppError('CONFLICT', INTERRUPTED);
              const record = await deps.credentials.get(i.apiId);
              if (record === null) throw new NotFoundError(LINK_NOT_VALID);
              transient.secret = (await deps.clients.addSecret(record.clientId)).value;
              if (i.before.rotation?.graceDays === 0) {
                for (const id of state.olderSecretIds ?? []) {
                  await deps.clients.deleteSecret(record.clientId, id);
                }
              }
              return undefined;
            },
          },
        ]
      : []),
    {
      name: 'audit',
      run: async (write, deps) => {
        // Finished after an interruption, the answer with the secret is gone: undone instead.
        if (write.transient?.secret === undefined) throw new AppError('CONFLICT', INTERRUPTED);
        await auditOnce(write, deps, write.input.audit);
        return undefined;
      },
    },
  ],
  abandon: async (write, deps, refusal) => {
    if (refusal.message === LINK_NOT_VALID) return;
    const { input, state } = write;
    const record = await deps.credentials.get(input.apiId);
    if (record === null) return;
    // The secrets this reveal made: deleted while an older one still works.
    const older = new Set(state.olderSecretIds ?? []);
    const ids = await deps.clients.secretIds(record.clientId);
    const made = ids.filter((id) => !older.has(id));
    if (ids.some((id) => older.has(id))) {
      for (const id of made) await deps.clients.deleteSecret(record.clientId, id);
    }
    if (record.lastChange?.writeId === write.writeId && record.lastChange.action === 'reveal') {
      const restored: CredentialRecord = {
        ...record,
        ...input.before,
        revision: record.revision + 1,
        lastChange: { ...record.lastChange, action: 'reveal-undone' },
      };
      await deps.credentials.replace(restored, record.revision);
    }
    // A reveal recorded just before the crash is followed by its undoing; one never recorded
    // leaves nothing to say (the link is as it was).
    if (await alreadyRecorded(deps.auditReader, write.startedAt, input.audit)) {
      await auditOnce(write, deps, { ...input.audit, outcome: 'failure', reason: INTERRUPTED });
    }
  },
};
type RevealStep = ReturnType<typeof revealCredentialWrite.steps>[number];

// ---------- credential.retire: the end of a rotation's grace ----------

/**
 * `cutOff`: retired at once by an administrator, so the tokens issued before it stop working as
 * well (the partner API reads `tokensNotBefore`); the end of a grace period leaves them to expire,
 * so a system that already moved to the new secret never sees a refused call.
 */
const retireInput = changeInput.extend({ cutOff: z.boolean().optional() });
type RetireInput = z.infer<typeof retireInput>;

/**
 * The first whole second after `at`: a token's `iat` is in whole seconds, so every token issued up
 * to `at` (the old secret's last chance) has an `iat` before it.
 */
export const tokenCutOff = (at: Date): string =>
  new Date((Math.floor(at.getTime() / 1000) + 1) * 1000).toISOString();

/**
 * retire-api-credential-secret, and the credential job at the end of a grace period: the record
 * without its rotation, then every secret but the newest deleted, then the audit record.
 */
export const retireSecretWrite: Workflow<RetireInput, object, CredentialWriteDeps> = {
  kind: 'credential.retire',
  input: retireInput,
  state: z.object({}),
  steps: () => [
    recordStep(
      'retire',
      (input) => changedBy(input.audit),
      (record) => ({ ...record, rotation: null }),
    ),
    {
      name: 'secrets',
      run: async ({ input }, deps) => {
        const record = await deps.credentials.get(input.apiId);
        if (record === null) return undefined;
        await retireOlderSecrets(deps.clients, record.clientId);
        if (input.cutOff === true) {
          // After the deletion, so no token the old secret could still obtain escapes it.
          const tokensNotBefore = tokenCutOff(deps.clock.now());
          await deps.credentials.replace(
            { ...record, tokensNotBefore, revision: record.revision + 1 },
            record.revision,
          );
          // The answer waits for that second to pass (at most one), so a token asked for once
          // the administrator sees the retirement done is accepted. Real time: the tokens' iat
          // is the issuer's clock, not the one a test moves.
          const wait = Date.parse(tokensNotBefore) - Date.now();
          if (wait > 0 && wait <= 1000) {
            await new Promise((resolve) => setTimeout(resolve, wait));
          }
        }
        return undefined;
      },
    },
    auditStep,
  ],
  abandon: () => Promise.resolve(),
};

// ---------- credential.revoke ----------

const revokeState = z.object({ clientDeleted: z.boolean().optional() });

/**
 * deleteApiCredential: the record says `revoked` first (the partner API refuses the client's
 * tokens from the next call), then the client is deleted. If Cognito cannot delete it now, the
 * revocation stands, audited with `clientDeleted: false`, and the reconciler's sweep deletes the
 * client later (a revoked credential's client is a leftover).
 */
export const revokeCredentialWrite: Workflow<
  ChangeInput,
  z.infer<typeof revokeState>,
  CredentialWriteDeps
> = {
  kind: 'credential.revoke',
  input: changeInput,
  state: revokeState,
  steps: () => [
    recordStep(
      'revoke',
      (input) => changedBy(input.audit),
      (record, { input, startedAt }) => ({
        ...record,
        status: 'revoked',
        link: null,
        rotation: null,
        revokedAt: startedAt.toISOString(),
        revokedBy: input.audit.actor?.email ?? 'hub',
      }),
    ),
    {
      name: 'client',
      run: async ({ input }, deps) => {
        const record = await deps.credentials.get(input.apiId);
        if (record === null) return { clientDeleted: false };
        const clientDeleted = await deps.clients.delete(record.clientId).then(
          () => true,
          () => false,
        );
        return { clientDeleted };
      },
    },
    {
      name: 'audit',
      run: async (write, deps) => {
        await auditOnce(write, deps, write.input.audit, {
          status: 'revoked',
          clientDeleted: write.state.clientDeleted ?? false,
        });
        return undefined;
      },
    },
  ],
  abandon: () => Promise.resolve(),
};

// ---------- the credential job's: credential.expire, credential.notice ----------

/** At its expiry: the credential `expired`, its client deleted (no new tokens), recorded. */
export const expireCredentialWrite: Workflow<ChangeInput, object, CredentialWriteDeps> = {
  kind: 'credential.expire',
  input: changeInput,
  state: z.object({}),
  steps: () => [
    recordStep(
      'expire',
      () => 'hub',
      (record) => ({ ...record, status: 'expired', link: null, rotation: null }),
    ),
    {
      name: 'client',
      run: async ({ input }, deps) => {
        const record = await deps.credentials.get(input.apiId);
        if (record !== null) await deps.clients.delete(record.clientId);
        return undefined;
      },
    },
    auditStep,
  ],
  abandon: () => Promise.resolve(),
};

const noticeInput = changeInput.extend({
  // '14-days-event': the expiring credential's event (issue 35), without a mail of its own.
  notices: z.array(z.enum(['30-days', '7-days', '14-days-event'])),
  recipients: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  // Entries journaled before events existed have none.
  events: z.array(eventDraftSchema).default([]),
});
export type NoticeInput = z.infer<typeof noticeInput>;

/**
 * 30 and 7 days before an expiry: the notices recorded as sent, then the mails queued (the
 * outbox: after the record, so two runs of the job never both send one), then the audit record.
 */
export const noticeCredentialWrite: Workflow<NoticeInput, object, CredentialWriteDeps> = {
  kind: 'credential.notice',
  input: noticeInput,
  state: z.object({}),
  steps: () => [
    recordStep<NoticeInput>(
      'notice',
      () => 'hub',
      (record, { input }) => ({
        ...record,
        noticesSent: [...new Set([...record.noticesSent, ...input.notices])],
      }),
    ),
    {
      name: 'mail',
      run: async ({ input, writeId }, deps) => {
        for (const [i, to] of input.recipients.entries()) {
          await deps.outbox.queue({
            id: `${writeId}:mail:${String(i)}`,
            kind: PLAIN_MAIL,
            payload: { to, subject: input.subject, text: input.text },
          });
        }
        return undefined;
      },
    },
    eventsStep<NoticeInput, object>((input) => input.events),
    auditStep,
  ],
  abandon: () => Promise.resolve(),
};
