import * as z from 'zod';
import {
  clientIdSchema,
  cursorSchema,
  emailSchema,
  freeTextSchema,
  identifierSchema,
  isoDateSchema,
  loginEmailSchema,
  newPasswordSchema,
  userNameSchema,
} from './fields';
import { ALL_ROLES, roleSchema } from './roles';
import { defineRoute } from './route';

/**
 * THE table of /ccsc/ui/ calls (SPEC §7). The Lambda router, the mock server's routes, the web
 * client and the CDK API are all generated from it. Where SPEC shows no payload, the schemas here
 * are our design, written as a user of the call needs it; the feature issues may refine them.
 *
 * Every object is strict: an unknown field is a 400, not silently dropped.
 */

const empty = z.object({}).strict();
/** The spec's clients send their access token in some bodies; only its shape is checked. */
const accessTokenSchema = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'accessToken is not a JWT');
const ADMINS = ['PlatformAdmin', 'OrgAdmin'] as const;
const READERS = ALL_ROLES;

// ---------- shared shapes ----------

export const userStatusSchema = z.enum([
  'ENABLED',
  'DISABLED',
  'LOCKED',
  'FORCE_CHANGE_PASSWORD',
  'MFA_NOT_ENROLLED',
]);

/** A user as the console shows it. `userName` is Cognito's immutable username (the sub). */
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userSchema = z.object({
  userName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: roleSchema.nullable(),
  organisationId: z.string().nullable(),
  enabled: z.boolean(),
  /** Cognito's UserStatus: CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED, ... */
  cognitoStatus: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type User = z.infer<typeof userSchema>;

/** Sort orders of the user list. */
export const userSortSchema = z.enum([
  'email',
  'name',
  'role',
  'organisation',
  'status',
  'createdAt',
  'updatedAt',
]);

/** A row of the user list: the user plus what the list shows and filters on. */
export const userListItemSchema = userSchema.extend({
  /** One status for display and filtering: LOCKED, DISABLED, FORCE_CHANGE_PASSWORD, MFA_NOT_ENROLLED or ENABLED (in that precedence). */
  status: userStatusSchema,
  locked: z.boolean(),
  mfaEnrolled: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The filters of the user list and its CSV export. */
export const userListQuerySchema = z.object({
  search: z
    .string()
    .max(128)
    .regex(/^[\p{L}\p{N} _@.+-]*$/u, 'search may contain only letters, digits, space and _@.+-')
    .optional(),
  status: userStatusSchema.optional(),
  role: roleSchema.optional(),
  organisationId: identifierSchema.optional(),
  sort: userSortSchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

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

/** The filters of the audit screen and its CSV export. */
export const auditQuerySchema = z.object({
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

const phoneNumberSchema = z
  .string()
  .regex(/^\+[1-9][0-9]{6,14}$/, 'Phone number must be in E.164 form, e.g. +4915112345678');

export const userAttributesSchema = z
  .object({
    email: emailSchema,
    givenName: freeTextSchema(100),
    familyName: freeTextSchema(100),
    phoneNumber: phoneNumberSchema.optional(),
    role: roleSchema,
    /**
     * Required for an OrgAdmin; absent (or null) for a PlatformAdmin; for an Auditor, their
     * organisation, or null — said explicitly — for an Auditor of every organisation (only a
     * PlatformAdmin may give that).
     */
    organisationId: identifierSchema.nullable().optional(),
  })
  .strict();
export type UserAttributes = z.output<typeof userAttributesSchema>;

const organisationSchema = z.object({
  organisationId: z.string(),
  name: z.string(),
  kind: z.enum(['site', 'sponsor']),
  country: z.string().nullable(),
});

const orgSystemSchema = z.object({
  systemId: z.string(),
  organisationId: z.string(),
  name: z.string(),
  vendor: z.string().nullable(),
});

const apiCredentialSchema = z.object({
  apiId: z.string(),
  organisationId: z.string(),
  systemId: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  description: z.string().nullable(),
  createdAt: isoDateSchema,
  createdBy: z.string(),
  /** The recipient of the one-time retrieval link. */
  deliveredTo: z.string(),
});

const standardSchema = z.object({
  standardId: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  updatedAt: isoDateSchema,
  updatedBy: z.string(),
});

const downloadLinkSchema = z.object({
  url: z.url(),
  expiresAt: isoDateSchema,
  fileName: z.string(),
});

const apiIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'apiId is not valid');
const standardIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'standardId is not valid');
const documentKeySchema = z
  .string()
  .min(1)
  .max(512)
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9_@.\-/ ]+$/, 'key is not a valid document key');
const scopeSchema = z.string().regex(/^[a-z][a-z0-9-]*\/[a-z][a-z0-9.:-]*$/, 'scope is not valid');

// ---------- the table ----------

export const routes = {
  // --- session (SPEC §4) ---
  logout: defineRoute({
    operation: 'logout',
    method: 'POST',
    path: 'logout',
    input: 'body',
    auth: 'authenticated',
    roles: ALL_ROLES,
    allowedBeforeMfa: true,
    summary:
      'Signs the caller out everywhere (Cognito global sign-out of the user named by the verified ' +
      'ID token) and records it in the audit trail. `accessToken` is what the spec sends; the ' +
      'server does not need it and only checks that it is a token-shaped string when present. ' +
      'allowedBeforeMfa: a user who has not enrolled TOTP yet can still sign out.',
    request: z.object({ accessToken: accessTokenSchema.optional() }).strict(),
    response: z.object({ signedOut: z.literal(true) }),
  }),
  redirectUser: defineRoute({
    operation: 'redirectUser',
    method: 'POST',
    path: 'redirectUser',
    input: 'query',
    auth: 'authenticated',
    roles: ALL_ROLES,
    summary:
      'Records a completed sign-in (logLogin=true) or a completed first sign-in (firstLogin=true) ' +
      'in the audit trail. Unlike the original spec the client sends NO password and NO TOTP ' +
      'secret: the backend needs neither and must never see or store them; a body is refused. ' +
      'Not allowedBeforeMfa: the web app enrols TOTP with Cognito itself (AssociateSoftwareToken, ' +
      'VerifySoftwareToken, SetUserMFAPreference with the access token) before it calls this, so ' +
      'a caller without TOTP gets 403 MFA_ENROLMENT_REQUIRED like on every other gated call.',
    request: z
      .object({ logLogin: z.literal('true').optional(), firstLogin: z.literal('true').optional() })
      .strict()
      .refine((q) => (q.logLogin === 'true') !== (q.firstLogin === 'true'), {
        message: 'Exactly one of logLogin=true or firstLogin=true is required',
      }),
    response: z.object({ recorded: z.literal(true) }),
  }),
  accountLockout: defineRoute({
    operation: 'accountLockout',
    method: 'POST',
    path: 'accountLockout',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'Called after "Incorrect username or password.". Locks the account only when its real ' +
      'consecutive failed sign-ins (Cognito auth events) reach the threshold; locked=true means ' +
      'the account is now locked. Unknown e-mails answer exactly like a not-yet-locked account.',
    request: z.object({ clientId: clientIdSchema, email: loginEmailSchema }).strict(),
    response: z.object({ locked: z.boolean() }),
  }),
  'confirm-forget-password': defineRoute({
    operation: 'confirm-forget-password',
    method: 'POST',
    path: 'confirm-forget-password',
    input: 'body',
    auth: 'public',
    roles: [],
    summary: 'Sets a new password with the code Cognito e-mailed (ConfirmForgotPassword).',
    request: z
      .object({
        clientId: clientIdSchema,
        email: loginEmailSchema,
        newPassword: newPasswordSchema,
        confirmationCode: z.string().regex(/^[0-9]{6}$/, 'Confirmation code must be 6 digits'),
      })
      .strict(),
    response: z.object({ passwordReset: z.literal(true) }),
  }),
  'forget-totp': defineRoute({
    operation: 'forget-totp',
    method: 'POST',
    path: 'forget-totp',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'Starts "Can\'t access authenticator app": always answers the same; an existing enabled ' +
      'account gets an e-mail with a single-use, short-lived link (stored only as a hash).',
    request: z.object({ clientId: clientIdSchema, email: loginEmailSchema }).strict(),
    response: z.object({ requested: z.literal(true) }),
  }),
  'forget-totp/confirm': defineRoute({
    operation: 'forget-totp/confirm',
    method: 'POST',
    path: 'forget-totp/confirm',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'Redeems the e-mailed link: removes the old authenticator so that the next sign-in ' +
      '(password still required) enrols a new one.',
    request: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/) }).strict(),
    response: z.object({ authenticatorRemoved: z.literal(true) }),
  }),

  // --- users (SPEC §7, issue 5) ---
  'list-all-users': defineRoute({
    operation: 'list-all-users',
    method: 'POST',
    path: 'list-all-users',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One page of users (at most 60) from the user index kept in step with Cognito: filtered, ' +
      'sorted, `total` the number that match, `count` the length of `users` (SPEC §3), ' +
      '`nextCursor` continues the list. `search` matches the start of the e-mail, the given or ' +
      'the family name, in any case. An OrgAdmin sees their own organisation only.',
    request: userListQuerySchema
      .extend({
        accessToken: accessTokenSchema.optional(),
        limit: z.number().int().min(1).max(60).optional(),
        cursor: cursorSchema.optional(),
      })
      .strict(),
    response: z.object({
      users: z.array(userListItemSchema),
      count: z.number().int(),
      total: z.number().int(),
      nextCursor: z.string().nullable(),
    }),
  }),
  'export-users': defineRoute({
    operation: 'export-users',
    method: 'POST',
    path: 'export-users',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The filtered list as CSV (same filters as list-all-users, ordered by e-mail), streamed ' +
      'into a private object in parts; answers a download link that expires after a few minutes.',
    request: userListQuerySchema.omit({ sort: true, order: true }).strict(),
    response: z.object({
      url: z.url(),
      fileName: z.string(),
      rows: z.number().int(),
      expiresAt: isoDateSchema,
    }),
  }),
  'create-user': defineRoute({
    operation: 'create-user',
    method: 'POST',
    path: 'create-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Invites a user: Cognito sends the temporary password by e-mail.',
    request: z.object({ userAttributes: userAttributesSchema }).strict(),
    response: z.object({ user: userSchema }),
  }),
  'update-user': defineRoute({
    operation: 'update-user',
    method: 'POST',
    path: 'update-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Changes attributes and role; a changed e-mail is re-verified.',
    request: z
      .object({
        userName: userNameSchema,
        // Absent keeps; organisationId null: none (an Auditor of every organisation).
        userAttributes: userAttributesSchema.partial().strict(),
      })
      .strict(),
    response: z.object({ user: userSchema }),
  }),
  'enable-user': defineRoute({
    operation: 'enable-user',
    method: 'POST',
    path: 'enable-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Enables (and so unlocks) a user. userRole is checked against the directory.',
    request: z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: z.object({ user: userSchema }),
  }),
  'disable-user': defineRoute({
    operation: 'disable-user',
    method: 'POST',
    path: 'disable-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: "Disables a user and ends the user's sessions at once.",
    request: z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: z.object({ user: userSchema }),
  }),
  'delete-user': defineRoute({
    operation: 'delete-user',
    method: 'POST',
    path: 'delete-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Deletes a user.',
    request: z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: z.object({ userName: z.string() }),
  }),
  'reset-user-mfa': defineRoute({
    operation: 'reset-user-mfa',
    method: 'POST',
    path: 'reset-user-mfa',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Removes the user's authenticator app and ends their sessions: the next sign-in (password " +
      'still required) enrols a new one. userRole is checked against the directory.',
    request: z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: z.object({ user: userSchema }),
  }),
  'resend-invitation': defineRoute({
    operation: 'resend-invitation',
    method: 'POST',
    path: 'resend-invitation',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Sends the invitation again with a new temporary password, only while the user has not ' +
      'signed in for the first time (409 otherwise). userRole is checked against the directory.',
    request: z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: z.object({ user: userSchema }),
  }),

  // --- audit trail (issue 5) ---
  'list-audit-records': defineRoute({
    operation: 'list-audit-records',
    method: 'POST',
    path: 'list-audit-records',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One page of the audit trail, newest first, filtered by actor, target, action, outcome and ' +
      'date range. An OrgAdmin sees the records about their own organisation only.',
    request: auditQuerySchema
      .extend({
        limit: z.number().int().min(1).max(100).optional(),
        cursor: cursorSchema.optional(),
      })
      .strict(),
    response: z.object({
      records: z.array(auditRecordSchema),
      count: z.number().int(),
      nextCursor: z.string().nullable(),
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
    request: auditQuerySchema.strict(),
    response: z.object({
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
    request: empty,
    response: z.object({
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
    request: empty,
    response: z.object({
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
    request: empty,
    response: z.object({
      dialCodes: z.array(
        z.object({ countryCode: z.string().length(2), name: z.string(), dialCode: z.string() }),
      ),
    }),
  }),

  // --- organisations (reference data) ---
  getSiteOrgList: defineRoute({
    operation: 'getSiteOrgList',
    method: 'GET',
    path: 'getSiteOrgList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Site organisations (the caller sees those it may act on).',
    request: empty,
    response: z.object({ organisations: z.array(organisationSchema) }),
  }),
  getSponsorList: defineRoute({
    operation: 'getSponsorList',
    method: 'GET',
    path: 'getSponsorList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Sponsor organisations.',
    request: empty,
    response: z.object({ organisations: z.array(organisationSchema) }),
  }),
  getOrgSysList: defineRoute({
    operation: 'getOrgSysList',
    method: 'GET',
    path: 'getOrgSysList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: "An organisation's systems (the endpoints that exchange data).",
    request: z.object({ organisationId: identifierSchema }).strict(),
    response: z.object({ systems: z.array(orgSystemSchema) }),
  }),

  // --- API credentials ---
  generateApiCredential: defineRoute({
    operation: 'generateApiCredential',
    method: 'POST',
    path: 'generateApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Creates a machine client for an organisation system with the chosen scopes; the secret is ' +
      'never returned here: a one-time link to /generate/{APIID} is e-mailed to the recipient.',
    request: z
      .object({
        organisationId: identifierSchema,
        systemId: identifierSchema,
        scopes: z.array(scopeSchema).min(1).max(20),
        description: freeTextSchema(200).optional(),
        recipientEmail: emailSchema,
      })
      .strict(),
    response: z.object({ credential: apiCredentialSchema }),
  }),
  resendApiCredential: defineRoute({
    operation: 'resendApiCredential',
    method: 'POST',
    path: 'resendApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Issues a new one-time retrieval link (the old one stops working).',
    request: z.object({ apiId: apiIdSchema }).strict(),
    response: z.object({ credential: apiCredentialSchema }),
  }),
  deleteApiCredential: defineRoute({
    operation: 'deleteApiCredential',
    method: 'POST',
    path: 'deleteApiCredential',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Revokes a credential: its client is deleted and its tokens stop working.',
    request: z.object({ apiId: apiIdSchema }).strict(),
    response: z.object({ apiId: z.string() }),
  }),
  downloadApiScope: defineRoute({
    operation: 'downloadApiScope',
    method: 'GET',
    path: 'downloadApiScope',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The scope document of a credential (what its client may call), as a download link.',
    request: z.object({ apiId: apiIdSchema }).strict(),
    response: downloadLinkSchema,
  }),
  decription: defineRoute({
    operation: 'decription',
    method: 'POST',
    path: 'decription',
    input: 'body',
    auth: 'public',
    roles: [],
    summary:
      'The /generate/{APIID} page redeems its one-time token for the client id and secret, once. ' +
      "(The spelling is the spec's.)",
    request: z
      .object({ apiId: apiIdSchema, token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/) })
      .strict(),
    response: z.object({
      clientId: z.string(),
      clientSecret: z.string(),
      tokenUrl: z.url(),
      scopes: z.array(z.string()),
    }),
  }),

  // --- mapping standards (artifact/*) ---
  'artifact/list-standards': defineRoute({
    operation: 'artifact/list-standards',
    method: 'GET',
    path: 'artifact/list-standards',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The mapping standards, newest first.',
    request: z
      .object({
        cursor: cursorSchema.optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
      })
      .strict(),
    response: z.object({ standards: z.array(standardSchema), nextCursor: z.string().nullable() }),
  }),
  'artifact/get-standard': defineRoute({
    operation: 'artifact/get-standard',
    method: 'GET',
    path: 'artifact/get-standard',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'One mapping standard with its mapping document.',
    request: z.object({ standardId: standardIdSchema }).strict(),
    response: z.object({ standard: standardSchema, document: z.string() }),
  }),
  'artifact/create-standard': defineRoute({
    operation: 'artifact/create-standard',
    method: 'POST',
    path: 'artifact/create-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Creates a mapping standard from its document.',
    request: z
      .object({
        name: freeTextSchema(120),
        version: z.string().regex(/^[0-9A-Za-z.-]{1,32}$/),
        description: freeTextSchema(1000).optional(),
        document: z
          .string()
          .min(1)
          .max(512 * 1024),
      })
      .strict(),
    response: z.object({ standard: standardSchema }),
    maxBodyBytes: 600 * 1024,
  }),
  'artifact/update-standard': defineRoute({
    operation: 'artifact/update-standard',
    method: 'POST',
    path: 'artifact/update-standard',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Changes a mapping standard; the previous document version is kept.',
    request: z
      .object({
        standardId: standardIdSchema,
        name: freeTextSchema(120).optional(),
        version: z
          .string()
          .regex(/^[0-9A-Za-z.-]{1,32}$/)
          .optional(),
        description: freeTextSchema(1000).optional(),
        document: z
          .string()
          .min(1)
          .max(512 * 1024)
          .optional(),
      })
      .strict(),
    response: z.object({ standard: standardSchema }),
    maxBodyBytes: 600 * 1024,
  }),
  'artifact/download': defineRoute({
    operation: 'artifact/download',
    method: 'GET',
    path: 'artifact/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: "A short-lived link to a standard's mapping document.",
    request: z.object({ standardId: standardIdSchema }).strict(),
    response: downloadLinkSchema,
  }),

  // --- documents (s3documents/*) ---
  's3documents/list': defineRoute({
    operation: 's3documents/list',
    method: 'GET',
    path: 's3documents/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Documents under a folder of the documents bucket, one page at a time.',
    request: z
      .object({ prefix: documentKeySchema.optional(), cursor: cursorSchema.optional() })
      .strict(),
    response: z.object({
      documents: z.array(
        z.object({ key: z.string(), size: z.number().int(), lastModified: isoDateSchema }),
      ),
      nextCursor: z.string().nullable(),
    }),
  }),
  's3documents/download': defineRoute({
    operation: 's3documents/download',
    method: 'GET',
    path: 's3documents/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'A short-lived download link for one document.',
    request: z.object({ key: documentKeySchema }).strict(),
    response: downloadLinkSchema,
  }),
} as const;

export type Routes = typeof routes;
export type Operation = keyof Routes;
export type RequestOf<Op extends Operation> = z.input<Routes[Op]['request']>;
export type ParsedRequestOf<Op extends Operation> = z.output<Routes[Op]['request']>;
export type ResponseOf<Op extends Operation> = z.output<Routes[Op]['response']>;

export const operations = Object.keys(routes) as Operation[];
export const routeList = Object.values(routes);
