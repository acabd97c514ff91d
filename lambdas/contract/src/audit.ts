import * as z from 'zod';
import { isoDateSchema } from './fields';
import { empty, pageRequest, READERS } from './common';
import { roleSchema } from './roles';
import { defineRoute } from './route';

/** One audit record as the audit screen shows it (the stored record, hash chain included). */
export const auditRecordSchema = z.object({
  seq: z.number().int(),
  at: isoDateSchema,
  action: z.string(),
  outcome: z.enum(['success', 'failure']),
  actor: z
    .object({ sub: z.string(), email: z.string().nullable(), role: roleSchema.nullable() })
    .nullable(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().optional() }).nullable(),
  /** The organisation the record is about, when it is about one. */
  organisationId: z.string().nullable(),
  source: z.object({ ip: z.string(), userAgent: z.string().nullable() }),
  requestId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

// ---------- views: the records the dashboard counts, and the lists its figures open ----------

/**
 * How the console sorts the actions the code writes (every one is listed in AUDIT_ACTION_KINDS; a
 * test collects the action strings of lambdas/src and fails on one that is not):
 * - `change`: an administrator changed something (an account, an organisation, a system, a
 *   study, a connection, a standard, an API credential): the dashboard's recent changes;
 * - `read`: something was read, downloaded, exported or revealed; nothing changed;
 * - `sign-in`: a session began, failed or ended;
 * - `account-security`: what happened to an account without an administrator (a lockout, a
 *   self-service authenticator or password reset);
 * - `automatic`: a scheduled job or a running import recorded what it did;
 * - `document`: the document exchange's traffic (sent, received, delivered, released, retried):
 *   the daily work of the systems, not the console's configuration.
 */
export const AUDIT_ACTION_KIND_NAMES = [
  'change',
  'read',
  'sign-in',
  'account-security',
  'automatic',
  'document',
] as const;
export type AuditActionKind = (typeof AUDIT_ACTION_KIND_NAMES)[number];

/** Every action the lambdas write, and what it is. An action not listed is no change. */
export const AUDIT_ACTION_KINDS = {
  // Sessions.
  'session.login': 'sign-in',
  'session.first-login': 'sign-in',
  'session.login-failed': 'sign-in',
  'session.logout': 'sign-in',
  // An account, without an administrator.
  'account.locked': 'account-security',
  'mfa.reset': 'account-security',
  'mfa.reset-requested': 'account-security',
  'password.reset': 'account-security',
  // User management.
  'user.created': 'change',
  'user.updated': 'change',
  'user.deleted': 'change',
  'user.disabled': 'change',
  'user.enabled': 'change',
  'user.unlocked': 'change',
  'user.mfa-reset': 'change',
  'user.invitation-resent': 'change',
  'user.export': 'read',
  // API credentials.
  'api-credential.issued': 'change',
  'api-credential.revoked': 'change',
  'api-credential.resent': 'change',
  'api-credential.link-resent': 'change',
  'api-credential.rotation-started': 'change',
  'api-credential.old-secret-retired': 'change',
  'api-credential.revealed': 'read',
  'api-credential.rotation-revealed': 'read',
  'api-credential.scope-downloaded': 'read',
  'api-credential.expired': 'automatic',
  'api-credential.expiry-notice': 'automatic',
  'api-credential.client-deleted': 'automatic',
  // Found by the reconciler (issue 32): a Cognito client of ours without its credential, deleted;
  // a credential whose client is gone, marked broken.
  'api-credential.orphan-client-deleted': 'automatic',
  'api-credential.broken': 'automatic',
  // The registry: organisations, systems, studies, connections.
  'organisation.created': 'change',
  'organisation.updated': 'change',
  'organisation.activated': 'change',
  'organisation.deactivated': 'change',
  'organisation.imported': 'change',
  'organisation.export': 'read',
  'system.created': 'change',
  'system.updated': 'change',
  'system.activated': 'change',
  'system.deactivated': 'change',
  'system.standard-changed': 'change',
  'systems.imported': 'change',
  'system.export': 'read',
  'registry.import': 'change',
  'study.created': 'change',
  'study.updated': 'change',
  'study.connections-moved': 'change',
  'study.import-announced': 'change',
  'study.imported-etmf': 'change',
  'study.import-progressed': 'automatic',
  'study.import-rejected': 'automatic',
  'study.exported-etmf': 'read',
  'connection.invited': 'change',
  'connection.accepted': 'change',
  'connection.declined': 'change',
  'connection.suspended': 'change',
  'connection.resumed': 'change',
  'connection.ended': 'change',
  'connection.export': 'read',
  // Mapping standards.
  'standard.created': 'change',
  'standard.updated': 'change',
  'standard.version-created': 'change',
  'standard.published': 'change',
  'standard.retired': 'change',
  'standard.exported': 'read',
  // Documents.
  'document.sent': 'document',
  'document.received': 'document',
  'document.acknowledged': 'document',
  'document.released': 'document',
  'document.retried': 'document',
  'document.downloaded': 'read',
  'imported-file.downloaded': 'read',
  // The audit trail itself.
  'audit.export': 'read',
} as const satisfies Record<string, AuditActionKind>;

/** The actions that change something, when an administrator's and successful. */
export const CHANGE_ACTIONS: readonly string[] = Object.entries(AUDIT_ACTION_KINDS)
  .filter(([, kind]) => kind === 'change')
  .map(([action]) => action);

/**
 * The views of the trail the dashboard counts and links to. The security views are exact
 * (action, outcome) pairs; `changes` is every successful action of CHANGE_ACTIONS with an actor
 * (an administrator, not a job or an anonymous caller).
 */
export const AUDIT_VIEWS = [
  'failed-sign-ins',
  'lockouts',
  'mfa-resets',
  'credential-revocations',
  'changes',
] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];
export type SecurityView = Exclude<AuditView, 'changes'>;
export const SECURITY_VIEWS = AUDIT_VIEWS.filter(
  (v): v is SecurityView => v !== 'changes',
) as readonly SecurityView[];

/** What puts a record in each security view: its action and outcome. */
export const SECURITY_VIEW_ACTIONS: Readonly<
  Record<SecurityView, readonly { action: string; outcome: 'success' | 'failure' }[]>
> = {
  // One record per failed Cognito sign-in (account-lockout.core.ts).
  'failed-sign-ins': [{ action: 'session.login-failed', outcome: 'failure' }],
  // A lock that took effect; a refused one (the last PlatformAdmin) is a failure.
  lockouts: [{ action: 'account.locked', outcome: 'success' }],
  // The user's own, with the e-mailed link, and an administrator's.
  'mfa-resets': [
    { action: 'mfa.reset', outcome: 'success' },
    { action: 'user.mfa-reset', outcome: 'success' },
  ],
  'credential-revocations': [{ action: 'api-credential.revoked', outcome: 'success' }],
};

const CHANGES = new Set(CHANGE_ACTIONS);

/** The views a record is in (none, one, or a security view and `changes`). Pure. */
export const auditViewsOf = (record: {
  action: string;
  outcome: 'success' | 'failure';
  actor: { sub: string } | null | undefined;
}): AuditView[] => {
  const views: AuditView[] = SECURITY_VIEWS.filter((view) =>
    SECURITY_VIEW_ACTIONS[view].some(
      (m) => m.action === record.action && m.outcome === record.outcome,
    ),
  );
  if (
    record.outcome === 'success' &&
    record.actor !== null &&
    record.actor !== undefined &&
    CHANGES.has(record.action)
  ) {
    views.push('changes');
  }
  return views;
};

/** The filters of the audit screen and its CSV export. */
export const auditQuerySchema = z.object({
  /**
   * One view of the trail (AUDIT_VIEWS): read from its index, newest first, and counted
   * (`total`) when no filter but from/to is given.
   */
  view: z.enum(AUDIT_VIEWS).optional(),
  /** The start of the actor's e-mail, or their sub. */
  actor: z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9_@.+-]*$/, 'actor may contain only A-Za-z0-9_@.+-')
    .optional(),
  /** The start of the target's id or label (e.g. a user's e-mail). */
  target: z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9_@.+-]*$/, 'target may contain only A-Za-z0-9_@.+-')
    .optional(),
  /** An action ("user.disable") or its start ("user."). */
  action: z
    .string()
    .max(64)
    .regex(/^[a-z0-9._-]*$/, 'action may contain only a-z0-9._-')
    .optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  /** Records at or after this time. */
  from: isoDateSchema.optional(),
  /** Records before this time. */
  to: isoDateSchema.optional(),
});

/**
 * The last walk of the whole chain (stored after every verification): when, what it found, by
 * whom (null: the command line or a scheduled job) and from where.
 */
export const chainVerificationSchema = z.object({
  checkedAt: isoDateSchema,
  intact: z.boolean(),
  records: z.number().int(),
  brokenAt: z.number().int().nullable(),
  reason: z.string().nullable(),
  by: z.object({ sub: z.string(), email: z.string().nullable() }).nullable(),
  source: z.enum(['console', 'cli', 'job']),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;

/** The audit-trail calls (issue 5) and the audit record. */
export const auditRoutes = {
  'list-audit-records': defineRoute({
    operation: 'list-audit-records',
    method: 'POST',
    path: 'list-audit-records',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One page of the audit trail, newest first, filtered by view, actor, target, action, ' +
      'outcome and date range, with the total for a view in a date range. An OrgAdmin sees the ' +
      'records about their own organisation only.',
    request: () => auditQuerySchema.extend(pageRequest).strict(),
    response: () =>
      z.object({
        records: z.array(auditRecordSchema),
        count: z.number().int(),
        nextCursor: z.string().nullable(),
        /**
         * How many records the whole list holds, for a `view` with no filter but from/to (a
         * count of its index); null otherwise.
         */
        total: z.number().int().nullable(),
      }),
  }),
  'export-audit-records': defineRoute({
    operation: 'export-audit-records',
    method: 'POST',
    path: 'export-audit-records',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The filtered audit trail as CSV, newest first, streamed into a private object in parts; ' +
      'answers a download link that expires after a few minutes.',
    request: () => auditQuerySchema.strict(),
    response: () =>
      z.object({
        url: z.url(),
        fileName: z.string(),
        rows: z.number().int(),
        expiresAt: isoDateSchema,
      }),
  }),
  'verify-audit-chain': defineRoute({
    operation: 'verify-audit-chain',
    method: 'POST',
    path: 'verify-audit-chain',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin', 'Auditor'],
    summary:
      'Walks the whole hash chain from record 1 and reports whether it is intact, or the first ' +
      'record where it breaks.',
    request: () => empty,
    response: () =>
      z.object({
        intact: z.boolean(),
        records: z.number().int(),
        /** The first broken record's sequence number and why, when not intact. */
        brokenAt: z.number().int().nullable(),
        reason: z.string().nullable(),
        checkedAt: isoDateSchema,
      }),
  }),
  'list-all-groups': defineRoute({
    operation: 'list-all-groups',
    method: 'GET',
    path: 'list-all-groups',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The role groups a user can be given.',
    request: () => empty,
    response: () =>
      z.object({
        groups: z.array(z.object({ name: roleSchema, description: z.string().nullable() })),
      }),
  }),
  'get-mob-dial-code': defineRoute({
    operation: 'get-mob-dial-code',
    method: 'GET',
    path: 'get-mob-dial-code',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Country dial codes for the phone picker, from a maintained phone-number library.',
    request: () => empty,
    response: () =>
      z.object({
        dialCodes: z.array(
          z.object({ countryCode: z.string().length(2), name: z.string(), dialCode: z.string() }),
        ),
      }),
  }),
} as const;
