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
  /**
   * The other organisations it is about as well (a connection's site beside its sponsor): one
   * record, in each one's trail. Empty for most records.
   */
  alsoFor: z.array(z.string()),
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

export {
  AUDIT_ACTION_KIND_NAMES,
  AUDIT_ACTION_KINDS,
  AUDIT_VIEWS,
  CHANGE_ACTIONS,
  SECURITY_VIEWS,
  SECURITY_VIEW_ACTIONS,
  auditViewsOf,
  type AuditActionKind,
  type AuditView,
  type SecurityView,
} from './audit-views';
import { AUDIT_VIEWS } from './audit-views';

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
