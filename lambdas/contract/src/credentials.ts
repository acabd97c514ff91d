import * as z from 'zod';
import { emailSchema, freeTextSchema, identifierSchema, isoDateSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema, pageRequest } from './common';
import { apiScopeSchema } from './scopes';
import { defineRoute } from './route';

/**
 * API credentials (issue 15): how an organisation system calls the partner API
 * (@ccsc/contract/partner-api). A credential is one Cognito app client with a secret, the
 * client_credentials grant and exactly the scopes it was given, issued to one organisation system.
 *
 * - **Issued** by a PlatformAdmin, or an OrgAdmin for their own organisation's systems: system,
 *   scopes, expiry (at most 12 months ahead) and the system's technical contact. The secret never
 *   reaches the administrator, a table, a log or the audit trail: a single-use link
 *   (`/generate/{APIID}?t=…`, valid 72 hours, kept only as a hash) goes to the contact, whose
 *   "Reveal" (`decription`) shows client id and secret exactly once.
 * - **Status**: `pending` until revealed, then `active`; `expiring` when active and 30 days or
 *   fewer from its expiry; `expired` after it (the client disabled by the expiry job);
 *   `revoked` once deleted (the client deleted, tokens already issued refused from the next call);
 *   `broken` when its Cognito app client was found gone (it cannot work again; revoke it and
 *   issue a new one).
 * - **Resent**: a pending credential gets a new link (the old dies). An active one is rotated
 *   without downtime: a second secret goes out by a new link, and the first is deleted a grace
 *   period after that reveal (`graceDays`, 0 to 30, default 7), or at once with
 *   `retire-api-credential-secret`.
 */

export const CREDENTIAL_STATUSES = [
  'pending',
  'active',
  'expiring',
  'expired',
  'revoked',
  'broken',
] as const;
export const credentialStatusSchema = z.lazy(() => z.enum(CREDENTIAL_STATUSES));
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;

/** Days before its expiry that a credential counts as expiring (and its notices go out). */
export const EXPIRING_DAYS = 30;
/** The longest a credential may be issued for. */
export const MAX_CREDENTIAL_MONTHS = 12;
/** How long a link works. */
export const LINK_HOURS = 72;
export const DEFAULT_GRACE_DAYS = 7;
export const MAX_GRACE_DAYS = 30;

export const apiIdSchema = z.lazy(() =>
  z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'apiId is not valid'),
);
/** A client-made key that makes a create safe to repeat: 16 to 64 letters, digits, - or _. */
export const requestKeySchema = z.lazy(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'requestKey is 16 to 64 letters, digits, - or _ (a UUID).'),
);
/** The link's token as the page reads it from `?t=` (base64url of 32 random bytes). */
export const linkTokenSchema = z.lazy(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, 'The link is not complete: open it exactly as it was sent.'),
);

export const apiCredentialSchema = z.lazy(() =>
  z.object({
    apiId: z.string(),
    organisationId: z.string(),
    organisationName: z.string(),
    systemId: z.string(),
    systemName: z.string(),
    clientId: z.string(),
    scopes: z.array(apiScopeSchema),
    description: z.string().nullable(),
    /** The system's technical contact: the only person a link goes to. */
    contactEmail: z.string(),
    status: credentialStatusSchema,
    expiresAt: isoDateSchema,
    createdAt: isoDateSchema,
    createdBy: z.string(),
    /** When the contact revealed the (first) secret; null while pending. */
    revealedAt: isoDateSchema.nullable(),
    /** Until when the link sent last works; null when none is outstanding. */
    linkExpiresAt: isoDateSchema.nullable(),
    lastUsedAt: isoDateSchema.nullable(),
    /** A rotation under way: the new secret's link sent, or both secrets working until `retiresAt`. */
    rotation: z
      .object({
        graceDays: z.number().int(),
        /** When the new secret was revealed; null while its link is outstanding. */
        revealedAt: isoDateSchema.nullable(),
        /** When the old secret stops working; null until the new one is revealed. */
        retiresAt: isoDateSchema.nullable(),
      })
      .nullable(),
    revokedAt: isoDateSchema.nullable(),
    revokedBy: z.string().nullable(),
    revision: z.number().int(),
  }),
);
export type ApiCredential = z.infer<typeof apiCredentialSchema>;

/** The use filter of the credential list: `never`, a credential still usable never called with. */
export const CREDENTIAL_USE_FILTERS = ['never'] as const;

export const credentialListQuerySchema = z.object({
  /** Start of any word of the organisation's or the system's name, or the client id. */
  search: z.string().trim().max(100).optional(),
  /** The status as shown: `expiring` is active and 30 days (EXPIRING_DAYS) or fewer from expiry. */
  status: credentialStatusSchema.optional(),
  organisationId: identifierSchema.optional(),
  systemId: identifierSchema.optional(),
  /**
   * `never`: not revoked, not expired (pending, active or expiring) and never used — no partner
   * call recorded (`lastUsedAt` null). A string, in a JSON body as in a query string.
   */
  use: z.enum(CREDENTIAL_USE_FILTERS).optional(),
});

/** What the link's page shows before anything is revealed. */
export const credentialLinkSchema = z.lazy(() =>
  z.object({
    apiId: z.string(),
    /** A first secret, or the second of a rotation. */
    kind: z.enum(['initial', 'rotation']),
    organisationName: z.string(),
    systemName: z.string(),
    scopes: z.array(apiScopeSchema),
    expiresAt: isoDateSchema,
    linkExpiresAt: isoDateSchema,
  }),
);

const linkRequest = z.object({ apiId: apiIdSchema, token: linkTokenSchema }).strict();

/** The API-credential calls (SPEC §7). */
export const credentialRoutes = {
  'list-api-credentials': defineRoute({
    operation: 'list-api-credentials',
    method: 'POST',
    path: 'list-api-credentials',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The credentials the caller may see (a PlatformAdmin and an every-organisation Auditor all; others their own organisation’s), newest first, filtered (search, status, organisation, system, `use: never`) and paged, `total` the number that match; never a secret.',
    request: () => credentialListQuerySchema.extend(pageRequest).strict(),
    response: () =>
      z.object({
        credentials: z.array(apiCredentialSchema),
        count: z.number().int(),
        total: z.number().int(),
        nextCursor: z.string().nullable(),
      }),
  }),
  generateApiCredential: defineRoute({
    operation: 'generateApiCredential',
    method: 'POST',
    path: 'generateApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Issues a credential to an active organisation system: a client with the chosen scopes, pending until its contact reveals the secret through the single-use link e-mailed to them (never returned here).',
    request: () =>
      z
        .object({
          systemId: identifierSchema,
          scopes: z
            .array(apiScopeSchema)
            .min(1, 'Choose at least one scope.')
            .refine((s) => new Set(s).size === s.length, 'A scope is given twice.'),
          /** At most MAX_CREDENTIAL_MONTHS ahead, at least a day (checked on the server's clock). */
          expiresAt: isoDateSchema,
          contactEmail: emailSchema,
          description: freeTextSchema(200).optional(),
          /**
           * Makes the call safe to repeat (issue 32): the console makes one per form. Sent again
           * by the same administrator — after a lost answer, an error, a crash — it answers the
           * credential the first call issued (finishing it if it was cut short) instead of
           * issuing another; with another request it is refused (409).
           */
          requestKey: requestKeySchema.optional(),
        })
        .strict(),
    response: () => z.object({ credential: apiCredentialSchema }),
  }),
  resendApiCredential: defineRoute({
    operation: 'resendApiCredential',
    method: 'POST',
    path: 'resendApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'A pending credential: a new link (the old stops working). An active one: rotated — a second secret by a new link; the first is deleted `graceDays` after that reveal (0: at once).',
    request: () =>
      z
        .object({
          apiId: apiIdSchema,
          graceDays: z.number().int().min(0).max(MAX_GRACE_DAYS).optional(),
          revision: z.number().int().min(1),
        })
        .strict(),
    response: () => z.object({ credential: apiCredentialSchema }),
  }),
  'retire-api-credential-secret': defineRoute({
    operation: 'retire-api-credential-secret',
    method: 'POST',
    path: 'retire-api-credential-secret',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Ends a rotation’s grace period now: the old secret is deleted, only the new one works (409 when no revealed rotation is under way).',
    request: () => z.object({ apiId: apiIdSchema, revision: z.number().int().min(1) }).strict(),
    response: () => z.object({ credential: apiCredentialSchema }),
  }),
  deleteApiCredential: defineRoute({
    operation: 'deleteApiCredential',
    method: 'POST',
    path: 'deleteApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Revokes a credential: its client is deleted and tokens already issued are refused by the partner API from the next call. Final.',
    request: () =>
      z
        .object({
          apiId: apiIdSchema,
          revision: z.number().int().min(1),
          reason: freeTextSchema(500).optional(),
        })
        .strict(),
    response: () => z.object({ credential: apiCredentialSchema }),
  }),
  downloadApiScope: defineRoute({
    operation: 'downloadApiScope',
    method: 'GET',
    path: 'downloadApiScope',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A credential's scope document for the system's engineers (token URL, client id, scopes and what each allows, an example curl, the partner API's OpenAPI document), as a download link.",
    request: () => z.object({ apiId: apiIdSchema }).strict(),
    response: () => downloadLinkSchema,
  }),
  'get-api-credential-link': defineRoute({
    operation: 'get-api-credential-link',
    method: 'POST',
    path: 'get-api-credential-link',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'What a link issues (organisation, system, scopes, expiry), revealing nothing; every invalid, used or expired link gets the same 404.',
    request: () => linkRequest,
    response: () => z.object({ link: credentialLinkSchema }),
  }),
  decription: defineRoute({
    operation: 'decription',
    method: 'POST',
    path: 'decription',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'The /generate/{APIID} page redeems its single-use link for the client id and secret, once; every invalid, used or expired link gets the same 404. (The spelling is the spec’s.)',
    request: () => linkRequest,
    response: () =>
      z.object({
        apiId: z.string(),
        clientId: z.string(),
        clientSecret: z.string(),
        tokenUrl: z.url(),
        apiBaseUrl: z.url(),
        openApiUrl: z.url(),
        scopes: z.array(apiScopeSchema),
        expiresAt: isoDateSchema,
        organisationName: z.string(),
        systemName: z.string(),
      }),
  }),
} as const;
