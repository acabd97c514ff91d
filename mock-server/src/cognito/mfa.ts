import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import * as z from 'zod';
import { clientAndPool } from './auth-client';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized, userNotFound } from './errors';
import type { Fidelity, FidelityTarget } from './fidelity-target';
import { fields, parseRequest } from './request';
import { FidelityStore } from './state';
import { matchTotp, newTotpSecret } from './totp';

/**
 * Authenticator-app (TOTP) MFA: associating and verifying a software token with an access token
 * or, during sign-in's MFA_SETUP challenge, with the challenge session; and the MFA preferences.
 */

/** The user an AssociateSoftwareToken / VerifySoftwareToken call is about, and how it came. */
const callerOf = async (
  services: Services,
  fidelity: Fidelity,
  ctx: Context,
  req: { AccessToken?: string | undefined; Session?: string | undefined },
): Promise<{ pool: UserPoolService; user: User; sessionId?: string }> => {
  if (req.AccessToken !== undefined) {
    const verified = await fidelity.tokens.verifyAccessToken(ctx, req.AccessToken);
    return { pool: verified.pool, user: verified.user };
  }
  if (req.Session === undefined) {
    throw invalidParameter('Either AccessToken or Session is required');
  }
  // The session names its client; it is checked against the client it was issued to.
  const session = fidelity.sessions.lookup(req.Session, ['MFA_SETUP']);
  const { pool } = await clientAndPool(services, ctx, session.clientId);
  const user = await pool.getUserByUsername(ctx, session.username);
  if (!user) throw notAuthorized(MESSAGES.invalidSession);
  return { pool, user, sessionId: req.Session };
};

const associateSchema = z.object({
  AccessToken: fields.accessToken.optional(),
  Session: fields.session.optional(),
});

const verifySchema = z.object({
  AccessToken: fields.accessToken.optional(),
  Session: fields.session.optional(),
  UserCode: z
    .string()
    .min(6)
    .max(6)
    .regex(/^[0-9]+$/),
  FriendlyDeviceName: z.string().max(131072).optional(),
});

const mfaSettings = z
  .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
  .optional();

const preferenceFields = {
  SMSMfaSettings: mfaSettings,
  SoftwareTokenMfaSettings: mfaSettings,
  EmailMfaSettings: mfaSettings,
};

/** SetUserMFAPreference and its admin twin: TOTP only, since the pool offers no SMS or e-mail. */
const setPreference = async (
  services: Services,
  fidelity: Fidelity,
  ctx: Context,
  pool: UserPoolService,
  user: User,
  req: z.infer<z.ZodObject<typeof preferenceFields>>,
) => {
  const pending = (await fidelity.store.read(pool.options.Id)).users[user.Username]
    ?.pendingTotpSecret;
  if (req.SMSMfaSettings?.Enabled === true || req.EmailMfaSettings?.Enabled === true) {
    throw invalidParameter('Only software token MFA is enabled for this user pool.');
  }
  const software = req.SoftwareTokenMfaSettings;
  const methods = new Set(user.UserMFASettingList ?? []);
  let preferred = user.PreferredMfaSetting;
  if (software?.Enabled === true) {
    if (user.SoftwareTokenMfaConfiguration?.Verified !== true) {
      throw invalidParameter(
        pending === undefined && user.SoftwareTokenMfaConfiguration === undefined
          ? 'User has not set up software token mfa'
          : 'User has not verified software token mfa',
      );
    }
    methods.add('SOFTWARE_TOKEN_MFA');
  } else if (software?.Enabled === false) {
    methods.delete('SOFTWARE_TOKEN_MFA');
    if (preferred === 'SOFTWARE_TOKEN_MFA') preferred = undefined;
  }
  if (software?.PreferredMfa === true) {
    if (!methods.has('SOFTWARE_TOKEN_MFA')) {
      throw invalidParameter('User has not verified software token mfa');
    }
    preferred = 'SOFTWARE_TOKEN_MFA';
  } else if (software?.PreferredMfa === false && preferred === 'SOFTWARE_TOKEN_MFA') {
    preferred = undefined;
  }
  const updated: User = {
    ...user,
    UserMFASettingList: [...methods],
    UserLastModifiedDate: services.clock.get(),
  };
  if (preferred === undefined) delete updated.PreferredMfaSetting;
  else updated.PreferredMfaSetting = preferred;
  // Turning TOTP off forgets the authenticator: a new one must be associated and verified.
  if (!methods.has('SOFTWARE_TOKEN_MFA')) delete updated.SoftwareTokenMfaConfiguration;
  await pool.saveUser(ctx, updated);
  return {};
};

export const mfaTargets: Readonly<Record<string, FidelityTarget>> = {
  AssociateSoftwareToken: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(associateSchema, body);
    const { pool, user, sessionId } = await callerOf(services, fidelity, ctx, req);
    const secret = newTotpSecret();
    // A new association replaces an unverified one; a verified authenticator stays in use
    // until the new one is verified (Cognito keeps the old one working meanwhile).
    await fidelity.store.update(pool.options.Id, (state) => {
      FidelityStore.userMeta(state, user.Username).pendingTotpSecret = secret;
    });
    if (sessionId === undefined) return { SecretCode: secret };
    const next = fidelity.sessions.reissue(sessionId);
    return { SecretCode: secret, Session: next };
  },

  VerifySoftwareToken: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(verifySchema, body);
    const { pool, user, sessionId } = await callerOf(services, fidelity, ctx, req);
    const poolId = pool.options.Id;
    const pending = (await fidelity.store.read(poolId)).users[user.Username]?.pendingTotpSecret;
    if (pending === undefined) {
      throw invalidParameter('User has not associated a software token');
    }
    const step = matchTotp(pending, req.UserCode, services.clock.get().getTime());
    if (step === undefined) {
      throw cognitoError(
        'EnableSoftwareTokenMFAException',
        'Code mismatch and fail enable Software Token MFA',
      );
    }
    const current = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
    const methods = new Set(current.UserMFASettingList ?? []);
    const mfaOn = pool.options.MfaConfiguration === 'ON';
    // During MFA_SETUP in a pool with MFA ON the new authenticator is the user's MFA at once.
    if (sessionId !== undefined && mfaOn) methods.add('SOFTWARE_TOKEN_MFA');
    const updated: User = {
      ...current,
      SoftwareTokenMfaConfiguration: {
        Secret: pending,
        Verified: true,
        ...(req.FriendlyDeviceName === undefined
          ? {}
          : { FriendlyDeviceName: req.FriendlyDeviceName }),
      },
      UserMFASettingList: [...methods],
      UserLastModifiedDate: services.clock.get(),
    };
    if (sessionId !== undefined && mfaOn) updated.PreferredMfaSetting ??= 'SOFTWARE_TOKEN_MFA';
    await pool.saveUser(ctx, updated);
    await fidelity.store.update(poolId, (state) => {
      const meta = FidelityStore.userMeta(state, user.Username);
      delete meta.pendingTotpSecret;
      meta.lastTotpStep = step;
    });
    if (sessionId === undefined) return { Status: 'SUCCESS' };
    const next = fidelity.sessions.reissue(sessionId, { tokenVerified: true });
    return { Status: 'SUCCESS', Session: next };
  },

  SetUserMFAPreference: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({ AccessToken: fields.accessToken, ...preferenceFields }),
      body,
    );
    const { pool, user } = await fidelity.tokens.verifyAccessToken(ctx, req.AccessToken);
    return setPreference(services, fidelity, ctx, pool, user, req);
  },

  AdminSetUserMFAPreference: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        ...preferenceFields,
      }),
      body,
    );
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw userNotFound();
    return setPreference(services, fidelity, ctx, pool, user, req);
  },
};
