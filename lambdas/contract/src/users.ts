import * as z from 'zod';
import {
  cursorSchema,
  emailSchema,
  freeTextSchema,
  identifierSchema,
  isoDateSchema,
  userNameSchema,
} from './fields';
import { accessTokenSchema, ADMINS, READERS } from './common';
import { roleSchema } from './roles';
import { defineRoute } from './route';

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
export const userSortSchema = z.lazy(() =>
  z.enum(['email', 'name', 'role', 'organisation', 'status', 'createdAt', 'updatedAt']),
);

/** Hours before its temporary password expires that an invitation counts as expiring. */
export const INVITATION_EXPIRING_HOURS = 48;

/**
 * The invitation filter of the user list (issue 18), over the users waiting for their first
 * sign-in (status FORCE_CHANGE_PASSWORD: enabled, Cognito's FORCE_CHANGE_PASSWORD): `pending`
 * their temporary password still valid, `expiring` still valid and expiring within
 * INVITATION_EXPIRING_HOURS (a part of `pending`), `expired` no longer valid (the invitation must
 * be sent again). Valid means less than Cognito's TemporaryPasswordValidityDays since the
 * invitation was last sent. A string, in a JSON body as in a query string.
 */
export const INVITATION_FILTERS = ['pending', 'expiring', 'expired'] as const;
export const invitationFilterSchema = z.lazy(() => z.enum(INVITATION_FILTERS));
export type InvitationFilter = z.infer<typeof invitationFilterSchema>;

/** A row of the user list: the user plus what the list shows and filters on. */
export const userListItemSchema = z.lazy(() =>
  userSchema.extend({
    /** One status for display and filtering: LOCKED, DISABLED, FORCE_CHANGE_PASSWORD, MFA_NOT_ENROLLED or ENABLED (in that precedence). */
    status: userStatusSchema,
    locked: z.boolean(),
    mfaEnrolled: z.boolean(),
    /**
     * While the user waits for their first sign-in (status FORCE_CHANGE_PASSWORD): when the
     * temporary password of the invitation sent last expires (past: it has, send it again);
     * null otherwise. Always sent by list-all-users (optional here, so a row built without it —
     * an older client's test data — still parses).
     */
    invitationExpiresAt: isoDateSchema.nullable().optional(),
  }),
);
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
  /** The invitation's state (INVITATION_FILTERS): `pending`, `expiring` or `expired`. */
  invitation: invitationFilterSchema.optional(),
  sort: userSortSchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const phoneNumberSchema = z.lazy(() =>
  z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$/, 'Phone number must be in E.164 form, e.g. +4915112345678'),
);

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

/** The user-management calls (SPEC §7, issue 5) and the shapes they share. */
export const userRoutes = {
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
      'the family name, in any case; `invitation` the users waiting for their first sign-in ' +
      'whose temporary password is still valid (`pending`), expires within 48 hours ' +
      '(`expiring`) or has expired (`expired`). An OrgAdmin sees their own organisation only.',
    request: () =>
      userListQuerySchema
        .extend({
          accessToken: accessTokenSchema.optional(),
          limit: z.number().int().min(1).max(60).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
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
    request: () => userListQuerySchema.omit({ sort: true, order: true }).strict(),
    response: () =>
      z.object({
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
    request: () => z.object({ userAttributes: userAttributesSchema }).strict(),
    response: () => z.object({ user: userSchema }),
  }),
  'update-user': defineRoute({
    operation: 'update-user',
    method: 'POST',
    path: 'update-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Changes attributes and role; a changed e-mail is re-verified.',
    request: () =>
      z
        .object({
          userName: userNameSchema,
          // Absent keeps; organisationId null: none (an Auditor of every organisation).
          userAttributes: userAttributesSchema.partial().strict(),
        })
        .strict(),
    response: () => z.object({ user: userSchema }),
  }),
  'enable-user': defineRoute({
    operation: 'enable-user',
    method: 'POST',
    path: 'enable-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Enables (and so unlocks) a user. userRole is checked against the directory.',
    request: () => z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: () => z.object({ user: userSchema }),
  }),
  'disable-user': defineRoute({
    operation: 'disable-user',
    method: 'POST',
    path: 'disable-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: "Disables a user and ends the user's sessions at once.",
    request: () => z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: () => z.object({ user: userSchema }),
  }),
  'delete-user': defineRoute({
    operation: 'delete-user',
    method: 'POST',
    path: 'delete-user',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Deletes a user.',
    request: () => z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: () => z.object({ userName: z.string() }),
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
    request: () => z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: () => z.object({ user: userSchema }),
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
    request: () => z.object({ userName: userNameSchema, userRole: roleSchema }).strict(),
    response: () => z.object({ user: userSchema }),
  }),
} as const;
