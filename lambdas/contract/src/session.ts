import * as z from 'zod';
import { clientIdSchema, loginEmailSchema, newPasswordSchema } from './fields';
import { accessTokenSchema } from './common';
import { ALL_ROLES } from './roles';
import { defineRoute } from './route';

/** The session calls (SPEC §4): logout, the redirect after sign-in, the lockout report. */
export const sessionRoutes = {
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
    request: () => z.object({ accessToken: accessTokenSchema.optional() }).strict(),
    response: () => z.object({ signedOut: z.literal(true) }),
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
    request: () =>
      z
        .object({
          logLogin: z.literal('true').optional(),
          firstLogin: z.literal('true').optional(),
        })
        .strict()
        .refine((q) => (q.logLogin === 'true') !== (q.firstLogin === 'true'), {
          message: 'Exactly one of logLogin=true or firstLogin=true is required',
        }),
    response: () => z.object({ recorded: z.literal(true) }),
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
    request: () => z.object({ clientId: clientIdSchema, email: loginEmailSchema }).strict(),
    response: () => z.object({ locked: z.boolean() }),
  }),
  'confirm-forget-password': defineRoute({
    operation: 'confirm-forget-password',
    method: 'POST',
    path: 'confirm-forget-password',
    input: 'body',
    auth: 'public',
    roles: [],
    summary: 'Sets a new password with the code Cognito e-mailed (ConfirmForgotPassword).',
    request: () =>
      z
        .object({
          clientId: clientIdSchema,
          email: loginEmailSchema,
          newPassword: newPasswordSchema,
          confirmationCode: z.string().regex(/^[0-9]{6}$/, 'Confirmation code must be 6 digits'),
        })
        .strict(),
    response: () => z.object({ passwordReset: z.literal(true) }),
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
    request: () => z.object({ clientId: clientIdSchema, email: loginEmailSchema }).strict(),
    response: () => z.object({ requested: z.literal(true) }),
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
    request: () => z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/) }).strict(),
    response: () => z.object({ authenticatorRemoved: z.literal(true) }),
  }),
} as const;
