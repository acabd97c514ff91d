import type { EventLog } from '../core/ports/events';
import * as z from 'zod';
import { API_SCOPE_VALUES } from '@ccsc/contract/scopes';
import { type Workflow, type WriteRun } from '../core/journal';
import { auditEntrySchema, recordOnce } from '../core/journal-audit';
import { ConflictError } from '../core/errors';
import { hashToken, newLinkToken } from '../core/links';
import type { Logger } from '../core/logger';
import type { AuditEntry, AuditReader, AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import type { CredentialRecord, CredentialStore } from '../core/ports/credentials';
import type { MachineClients } from '../core/ports/machine-clients';
import type { MailComposer, MailOutbox } from '../core/outbox';
import { LINK_MS, linkMail, linkTo } from './credential-mail';

/**
 * Every change to an API credential is a journaled write (core/journal.ts, issue 32): the intent
 * recorded before the first step, each step safe to run again, the audit record written once, the
 * write finished at start-up offline and by the reconciler in AWS — or undone when a step is
 * refused. A credential spans three stores (its Cognito app client, its record, its link mail), so
 * a process killed between two of them must never leave a client nobody can see, a record
 * without its audit entry, or a mail for a link that does not exist.
 *
 * Mail goes through the outbox (core/outbox.ts): a link mail is queued by a step after the record
 * that knows the link, so it leaves only once the record exists, and a write cut short before it
 * still queues it. The link's token is a secret, never stored: the outbox's drain makes a new
 * token, puts its hash on the record, and mails that link. (If the interruption came after the
 * first mail, the contact gets two; the newer link works.)
 *
 * Every credential write runs on the subject `credential:<apiId>`: one at a time, and a write that
 * finds an interrupted one finishes it first. Each change is marked on the record with the write's
 * id (`lastChange`), so a step run again tells its own change (done) from someone else's (409).
 */

/** What composing a link mail needs (the outbox's composer). */
export interface LinkMailDeps {
  credentials: CredentialStore;
  clock: Clock;
  newToken?: () => string;
}

export interface CredentialWriteDeps {
  credentials: CredentialStore;
  clients: MachineClients;
  /** Where the writes' mails go (core/outbox.ts): sent once the record they speak of exists. */
  outbox: Pick<MailOutbox<LinkMailDeps>, 'queue'>;
  audit: Pick<AuditTrail, 'append'>;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  /** Where the credential job's events go (issue 35: a credential expiring). */
  events: Pick<EventLog, 'appendOnce'>;
  clock: Clock;
  logger: Logger;
  /** A link's secret (32 random bytes, base64url) unless a test says otherwise. */
  newToken?: () => string;
}

/** What only the run that began a write holds: the link's token, a revealed secret. */
export interface CredentialSecrets {
  token?: string;
  secret?: string;
}

/** The Cognito app client of a credential is named after it: how an orphan is recognised. */
export const CLIENT_NAME_PREFIX = 'ccsc-credential-';
export const clientNameOf = (apiId: string) => `${CLIENT_NAME_PREFIX}${apiId}`;

export const credentialSubject = (apiId: string) => `credential:${apiId}`;
export const CREDENTIAL_BUSY =
  'Another change to this credential is in progress. Try again in a moment.';
export const CHANGED_MEANWHILE =
  'The credential was changed by someone else meanwhile. Reload, check, and try again.';

export type CredentialRun<I> = WriteRun<I, unknown, CredentialSecrets>;

/** Who a change is by: the caller's sub, `contact` for a reveal, `hub` for the jobs. */
export const changedBy = (entry: AuditEntry): string => entry.actor?.sub ?? 'hub';

/**
 * Changes the credential by `change`, marked as this write's. Done already when the record
 * carries this write's mark (a step run again); refused (409) when it is no longer at
 * `fromRevision` because someone else changed it. Answers the record as written.
 */
export const changeRecord = async (
  deps: Pick<CredentialWriteDeps, 'credentials'>,
  write: Pick<CredentialRun<unknown>, 'writeId'>,
  target: { apiId: string; fromRevision: number; action: string; by: string },
  change: (record: CredentialRecord) => CredentialRecord,
): Promise<CredentialRecord> => {
  const current = await deps.credentials.get(target.apiId);
  if (current?.lastChange?.writeId === write.writeId) return current;
  if (current === null || current.revision !== target.fromRevision) {
    throw new ConflictError(CHANGED_MEANWHILE);
  }
  const next: CredentialRecord = {
    ...change(current),
    revision: current.revision + 1,
    lastChange: {
      writeId: write.writeId,
      action: target.action,
      by: target.by,
      fromRevision: target.fromRevision,
    },
  };
  await deps.credentials.replace(next, current.revision);
  return next;
};

/** A fresh link of `kind` from `at`, for `token` (or a throw-away one the mail step replaces). */
export const linkFor = (
  deps: Pick<CredentialWriteDeps, 'newToken'>,
  token: string | undefined,
  kind: 'initial' | 'rotation',
  at: Date,
): NonNullable<CredentialRecord['link']> => ({
  tokenHash: hashToken(token ?? (deps.newToken ?? newLinkToken)()),
  kind,
  issuedAt: at.toISOString(),
  until: new Date(at.getTime() + LINK_MS).toISOString(),
});

/** What a link mail says beside the record's own facts. */
export const linkMailSchema = z.object({
  origin: z.string(),
  organisationName: z.string(),
  systemName: z.string(),
  issuedBy: z.string(),
});

/** A credential's link mail in the outbox: composed when sent, since its token is a secret. */
export const CREDENTIAL_LINK_MAIL = 'credential-link';
const linkPayload = z.object({ apiId: z.string(), writeId: z.string(), mail: linkMailSchema });

/**
 * Composes a queued link mail, while the record still holds the link of the write that queued it
 * (else null: a newer link, a revocation, a reveal made it moot). The run that queued it mails the
 * token it holds; the drain makes a new one first (the first is gone with that run), so the mail
 * always carries a working link.
 */
export const composeLinkMail: MailComposer<LinkMailDeps> = async (payload, deps, secrets) => {
  const { apiId, writeId, mail } = linkPayload.parse(payload);
  let record = await deps.credentials.get(apiId);
  if (
    record?.lastChange?.writeId !== writeId ||
    record.link === null ||
    (record.status !== 'pending' && record.status !== 'active')
  ) {
    return null;
  }
  let token = secrets?.token;
  if (token === undefined || hashToken(token) !== record.link.tokenHash) {
    token = (deps.newToken ?? newLinkToken)();
    // The link alone, at the same revision: an administrator's change read before this one
    // still applies (a resend or a revocation replaces the link anyway); one made meanwhile
    // makes this put fail, and the drain composes again from what it made.
    const next: CredentialRecord = {
      ...record,
      link: linkFor(deps, token, record.link.kind, deps.clock.now()),
    };
    await deps.credentials.replace(next, record.revision);
    record = next;
  }
  const link = record.link;
  if (link === null) return null;
  return linkMail({
    to: record.contactEmail,
    link: linkTo(mail.origin, record.apiId, token),
    kind: link.kind,
    organisationName: mail.organisationName,
    systemName: mail.systemName,
    scopes: record.scopes,
    validUntil: record.validUntil,
    linkUntil: link.until,
    issuedBy: mail.issuedBy,
  });
};

/** The step that queues the write's link mail, after the record that holds the link. */
const queueLink = async (
  write: CredentialRun<{ apiId: string; mail: z.infer<typeof linkMailSchema> }>,
  deps: CredentialWriteDeps,
): Promise<undefined> => {
  const { apiId, mail } = write.input;
  await deps.outbox.queue(
    {
      id: `${write.writeId}:mail`,
      kind: CREDENTIAL_LINK_MAIL,
      payload: { apiId, writeId: write.writeId, mail },
    },
    { token: write.transient?.token },
  );
  return undefined;
};

/** The write's audit record, once; `after` completed with what the steps found out. */
export const auditOnce = (
  write: Pick<CredentialRun<unknown>, 'attempt' | 'startedAt'>,
  deps: Pick<CredentialWriteDeps, 'audit' | 'auditReader'>,
  entry: AuditEntry,
  after: Record<string, unknown> = {},
) =>
  recordOnce(deps.audit, deps.auditReader, write, {
    ...entry,
    after: { ...entry.after, ...after },
  });

// ---------- credential.issue ----------

const issueInput = z.object({
  apiId: z.string(),
  record: z.object({
    organisationId: z.string(),
    systemId: z.string(),
    scopes: z.array(z.enum(API_SCOPE_VALUES)),
    description: z.string().nullable(),
    contactEmail: z.string(),
    validUntil: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    requestHash: z.string().nullable(),
  }),
  mail: linkMailSchema,
  audit: auditEntrySchema,
});
export type IssueInput = z.infer<typeof issueInput>;
const issueState = z.object({ clientId: z.string().optional() });
type IssueState = z.infer<typeof issueState>;

/**
 * generateApiCredential: the Cognito app client (named after the credential, so a client made
 * just before an interruption is found again, and one nobody finished is found by the
 * reconciler's sweep), the record, the link mail, the audit record. Refused: the client deleted
 * again.
 */
export const issueCredentialWrite: Workflow<
  IssueInput,
  IssueState,
  CredentialWriteDeps,
  CredentialSecrets
> = {
  kind: 'credential.issue',
  input: issueInput,
  state: issueState,
  steps: () => [
    {
      name: 'client',
      run: async ({ input, attempt }, deps) => {
        const name = clientNameOf(input.apiId);
        if (attempt > 1) {
          const made = (await deps.clients.list(name)).find((c) => c.name === name);
          if (made !== undefined) return { clientId: made.clientId };
        }
        return deps.clients.create(name, input.record.scopes);
      },
    },
    {
      name: 'record',
      run: async ({ input, state, transient, writeId }, deps) => {
        const { requestHash, ...fields } = input.record;
        const record: CredentialRecord = {
          ...fields,
          apiId: input.apiId,
          clientId: state.clientId ?? '',
          status: 'pending',
          revealedAt: null,
          lastUsedAt: null,
          link: linkFor(deps, transient?.token, 'initial', new Date(input.record.createdAt)),
          rotation: null,
          noticesSent: [],
          revokedAt: null,
          revokedBy: null,
          revision: 1,
          requestHash,
          lastChange: { writeId, action: 'issue', by: changedBy(input.audit), fromRevision: 0 },
        };
        try {
          await deps.credentials.create(record);
        } catch (err) {
          if (!(err instanceof ConflictError)) throw err;
          const existing = await deps.credentials.get(input.apiId);
          // Nothing there: the transaction was cancelled by something passing (a conflict on
          // the client lookup, throttling). Not a refusal: the write stays and is tried again.
          if (existing === null) throw new Error(`credential ${input.apiId}: record not written`);
          if (existing.lastChange?.writeId !== writeId) {
            throw new ConflictError(
              'A credential was issued for this request already: reload the list to see it.',
            );
          }
        }
        return undefined;
      },
    },
    { name: 'mail', run: queueLink },
    {
      name: 'audit',
      run: async (write, deps) => {
        await auditOnce(write, deps, write.input.audit, { clientId: write.state.clientId });
        return undefined;
      },
    },
  ],
  // Refused at the record (the id taken meanwhile): the client this write made goes again,
  // unless a record holds it.
  abandon: async ({ state }, deps) => {
    if (state.clientId === undefined) return;
    if ((await deps.credentials.byClient(state.clientId)) === null) {
      await deps.clients.delete(state.clientId);
    }
  },
};

// ---------- credential.link: a new link (resend), or a rotation's ----------

const linkInput = z.object({
  apiId: z.string(),
  fromRevision: z.number().int(),
  kind: z.enum(['initial', 'rotation']),
  graceDays: z.number().int(),
  mail: linkMailSchema,
  audit: auditEntrySchema,
});
export type LinkInput = z.infer<typeof linkInput>;

/** resendApiCredential: the record's new link (and rotation), the mail, the audit record. */
export const linkCredentialWrite: Workflow<
  LinkInput,
  object,
  CredentialWriteDeps,
  CredentialSecrets
> = {
  kind: 'credential.link',
  input: linkInput,
  state: z.object({}),
  steps: () => [
    {
      name: 'record',
      run: async (write, deps) => {
        const { input, transient } = write;
        await changeRecord(
          deps,
          write,
          {
            apiId: input.apiId,
            fromRevision: input.fromRevision,
            action: 'link',
            by: changedBy(input.audit),
          },
          (record) => ({
            ...record,
            link: linkFor(deps, transient?.token, input.kind, write.startedAt),
            rotation:
              input.kind === 'rotation'
                ? {
                    graceDays: input.graceDays,
                    revealedAt: null,
                    retiresAt: null,
                    retiringSecretId: null,
                  }
                : null,
          }),
        );
        return undefined;
      },
    },
    { name: 'mail', run: queueLink },
    {
      name: 'audit',
      run: async (write, deps) => {
        const record = await deps.credentials.get(write.input.apiId);
        await auditOnce(write, deps, write.input.audit, { linkUntil: record?.link?.until });
        return undefined;
      },
    },
  ],
  // Refused at the record, the only step that changes anything: nothing to undo.
  abandon: () => Promise.resolve(),
};
