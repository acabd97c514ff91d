import { timingSafeEqual } from 'node:crypto';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import * as z from 'zod';
import { clientAndPool, hidesUserExistence, unknownUserError } from './auth-client';
import { LIMIT_EXCEEDED, standInFor } from './auth-events';
import { matchesAnySecret, secretValuesOf } from './client-secrets';
import { newCode } from './codes';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized, userNotFound } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { enforcePasswordPolicy } from './password-policy';
import { fields, parseRequest } from './request';
import { checkSecretHash } from './secret-hash';
import { FidelityStore } from './state';
import { hashToken } from './tokens';

/**
 * The calls a signed-in user makes with an access token, sign-out and token revocation, and
 * password recovery. Every access token is verified (signature, expiry, use, scope, revocation,
 * user enabled) before anything else happens.
 */

/** Forgot-password codes stay valid for one hour. */
export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Masks a destination as Cognito shows it in CodeDeliveryDetails ("a***@e***"). */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
};

/**
 * cognito-local's own target for `target`, behind our access-token check: for the calls whose
 * logic it has right but whose token it only decodes.
 */
const verifiedThenCognitoLocal =
  (target: string, after?: (user: User, poolId: string) => Promise<void>): FidelityTarget =>
  (services, fidelity) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(z.object({ AccessToken: fields.accessToken }).loose(), body);
    const { user, pool } = await fidelity.tokens.verifyAccessToken(ctx, req.AccessToken);
    const result: unknown = await Router(services)(target)(ctx, body);
    if (after) await after(user, pool.options.Id);
    return result;
  };

export const accountTargets: Readonly<Record<string, FidelityTarget>> = {
  GetUser: (_services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(z.object({ AccessToken: fields.accessToken }), body);
    const { user } = await fidelity.tokens.verifyAccessToken(ctx, req.AccessToken);
    return {
      Username: user.Username,
      UserAttributes: user.Attributes,
      ...(user.MFAOptions ? { MFAOptions: user.MFAOptions } : {}),
      ...(user.PreferredMfaSetting ? { PreferredMfaSetting: user.PreferredMfaSetting } : {}),
      ...(user.UserMFASettingList?.length ? { UserMFASettingList: user.UserMFASettingList } : {}),
    };
  },
  UpdateUserAttributes: verifiedThenCognitoLocal('UpdateUserAttributes'),
  DeleteUserAttributes: verifiedThenCognitoLocal('DeleteUserAttributes'),
  GetUserAttributeVerificationCode: verifiedThenCognitoLocal('GetUserAttributeVerificationCode'),
  VerifyUserAttribute: verifiedThenCognitoLocal('VerifyUserAttribute'),
  DeleteUser: (services, fidelity) =>
    verifiedThenCognitoLocal('DeleteUser', async (user, poolId) => {
      await fidelity.tokens.revokeUser(poolId, user.Username);
      await fidelity.store.update(poolId, (state) => {
        Reflect.deleteProperty(state.users, user.Username);
        Reflect.deleteProperty(state.authEvents, user.Username);
      });
    })(services, fidelity),

  ChangePassword: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        AccessToken: fields.accessToken,
        PreviousPassword: fields.password.optional(),
        ProposedPassword: fields.password,
      }),
      body,
    );
    const { pool, user } = await fidelity.tokens.verifyAccessToken(ctx, req.AccessToken);
    const poolId = pool.options.Id;
    const right = req.PreviousPassword === user.Password;
    // Its own attempt limit, apart from sign-in's lockout (LimitExceededException, as Cognito).
    if (
      !(await fidelity.authEvents.limited(poolId, user.Username, 'changePasswordFailures', right))
    ) {
      throw cognitoError('LimitExceededException', LIMIT_EXCEEDED);
    }
    if (!right) throw notAuthorized(MESSAGES.incorrectCredentials);
    enforcePasswordPolicy(pool.options, req.ProposedPassword);
    const fresh = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
    await pool.saveUser(ctx, {
      ...fresh,
      Password: req.ProposedPassword,
      UserLastModifiedDate: services.clock.get(),
    });
    await fidelity.authEvents.record(poolId, user.Username, 'PasswordChange', 'Pass', []);
    return {};
  },

  GlobalSignOut: (_services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(z.object({ AccessToken: fields.accessToken }), body);
    const { pool, user } = await fidelity.tokens.verifyAccessToken(ctx, req.AccessToken);
    await fidelity.tokens.revokeUser(pool.options.Id, user.Username);
    return {};
  },

  AdminUserGlobalSignOut: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({ UserPoolId: fields.userPoolId, Username: fields.username }),
      body,
    );
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw userNotFound();
    await fidelity.tokens.revokeUser(req.UserPoolId, user.Username);
    return {};
  },

  /**
   * RevokeToken: the refresh token and every access token issued from it stop working. A token
   * that is not a refresh token of ours is UnsupportedTokenTypeException; one of another
   * client is refused.
   */
  RevokeToken: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        Token: z.string().min(1),
        ClientId: fields.clientId,
        ClientSecret: z.string().min(1).max(64).optional(),
      }),
      body,
    );
    const { client } = await clientAndPool(services, ctx, req.ClientId);
    const secrets = await secretValuesOf(fidelity.store, client);
    if (
      secrets.length > 0 &&
      (req.ClientSecret === undefined || !matchesAnySecret(secrets, req.ClientSecret))
    ) {
      throw cognitoError('UnauthorizedException', 'Invalid client secret');
    }
    if (client.EnableTokenRevocation === false) {
      throw cognitoError(
        'UnsupportedOperationException',
        'Token revocation is not enabled for the client',
      );
    }
    const state = await fidelity.store.read(client.UserPoolId);
    const jti = state.refresh[hashToken(req.Token)];
    const origin = jti === undefined ? undefined : state.origins[jti];
    if (!origin) {
      throw cognitoError('UnsupportedTokenTypeException', 'Invalid token type');
    }
    if (origin.clientId !== client.ClientId) {
      throw cognitoError('UnauthorizedException', 'Invalid client for token');
    }
    await fidelity.tokens.revokeOrigin(client.UserPoolId, origin.originJti);
    return {};
  },

  ForgotPassword: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        ClientId: fields.clientId,
        Username: fields.username,
        SecretHash: z.string().max(128).optional(),
        ClientMetadata: fields.stringMap.optional(),
        AnalyticsMetadata: z.unknown().optional(),
        UserContextData: z.unknown().optional(),
      }),
      body,
    );
    const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
    checkSecretHash(
      client,
      await secretValuesOf(fidelity.store, client),
      req.Username,
      req.SecretHash,
    );
    const user = await pool.getUserByUsername(ctx, req.Username);
    const email = user?.Attributes.find((a) => a.Name === 'email')?.Value;
    const verified = user?.Attributes.find((a) => a.Name === 'email_verified')?.Value === 'true';
    const hide = hidesUserExistence(client);
    const poolId = pool.options.Id;
    const now = services.clock.get();
    // With existence errors prevented, an unknown, disabled or unreachable account gets the
    // answer a real one gets (a masked address that could have received a code) after the same
    // work: a store write under the name's stand-in, the mail left to the background.
    const simulated = async () => {
      await fidelity.store.update(poolId, (state) => {
        FidelityStore.userMeta(state, standInFor(poolId, req.Username)).resetCodeAt = now.getTime();
      });
      return {
        CodeDeliveryDetails: {
          Destination: maskEmail(
            email ?? (req.Username.includes('@') ? req.Username : 'user@example'),
          ),
          DeliveryMedium: 'EMAIL',
          AttributeName: 'email',
        },
      };
    };
    if (!user) {
      if (hide) return simulated();
      throw cognitoError('UserNotFoundException', 'Username/client id combination not found.');
    }
    if (!user.Enabled) {
      if (hide) return simulated();
      throw notAuthorized(MESSAGES.userDisabled);
    }
    if (!email || !verified) {
      if (hide) return simulated();
      throw invalidParameter(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
      );
    }
    if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
      if (hide) return simulated();
      throw notAuthorized('User password cannot be reset in the current state.');
    }
    const code = newCode();
    const delivery: DeliveryDetails = {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: email,
    };
    await fidelity.store.update(poolId, (state) => {
      const meta = FidelityStore.userMeta(state, user.Username);
      meta.resetCodeAt = now.getTime();
      delete meta.resetCodeFailures;
    });
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: now });
    // The mail is accepted before the answer (the stack's outbox keeps it, and delivers it in the
    // background: even if this process dies first), as Cognito's is once it has answered. Handing
    // it over is a file write, close to the simulated answer's store write in time.
    await services.messages.deliver(
      ctx,
      'ForgotPassword',
      client.ClientId,
      poolId,
      user,
      code,
      req.ClientMetadata,
      delivery,
    );
    await fidelity.authEvents.record(poolId, user.Username, 'ForgotPassword', 'Pass', []);
    return { CodeDeliveryDetails: { ...delivery, Destination: maskEmail(email) } };
  },

  ConfirmForgotPassword: (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        ClientId: fields.clientId,
        Username: fields.username,
        ConfirmationCode: z.string().min(1).max(2048),
        Password: fields.password,
        SecretHash: z.string().max(128).optional(),
        ClientMetadata: fields.stringMap.optional(),
        AnalyticsMetadata: z.unknown().optional(),
        UserContextData: z.unknown().optional(),
      }),
      body,
    );
    const { client, pool } = await clientAndPool(services, ctx, req.ClientId);
    checkSecretHash(
      client,
      await secretValuesOf(fidelity.store, client),
      req.Username,
      req.SecretHash,
    );
    const user = await pool.getUserByUsername(ctx, req.Username);
    const mismatch = () =>
      cognitoError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      );
    const expired = () =>
      cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    if (!user || !user.Enabled) {
      if (hidesUserExistence(client)) throw mismatch();
      if (!user) throw unknownUserError(client);
      throw notAuthorized(MESSAGES.userDisabled);
    }
    const poolId = pool.options.Id;
    const issuedAt = (await fidelity.store.read(poolId)).users[user.Username]?.resetCodeAt;
    // No code requested (or already used) and an old code both say "request a code again".
    if (user.ConfirmationCode === undefined || issuedAt === undefined) throw expired();
    const right = safeEqual(user.ConfirmationCode, req.ConfirmationCode);
    // Five wrong codes end the code: it cannot be guessed by trying them all.
    if (!(await fidelity.authEvents.limited(poolId, user.Username, 'resetCodeFailures', right))) {
      const fresh = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
      const dropped: User = { ...fresh };
      delete dropped.ConfirmationCode;
      await pool.saveUser(ctx, dropped);
      throw cognitoError('LimitExceededException', LIMIT_EXCEEDED);
    }
    if (!right) throw mismatch();
    if (issuedAt + RESET_CODE_LIFETIME_MS < services.clock.get().getTime()) throw expired();
    enforcePasswordPolicy(pool.options, req.Password);
    const current = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
    const updated: User = {
      ...current,
      Password: req.Password,
      UserStatus: 'CONFIRMED',
      UserLastModifiedDate: services.clock.get(),
    };
    delete updated.ConfirmationCode;
    await pool.saveUser(ctx, updated);
    await fidelity.store.update(poolId, (state) => {
      const m = FidelityStore.userMeta(state, user.Username);
      delete m.resetCodeAt;
      delete m.resetCodeFailures;
      delete m.failedAttempts;
      delete m.lockedUntil;
      delete m.lastFailureAt;
    });
    await fidelity.authEvents.record(poolId, user.Username, 'PasswordChange', 'Pass', []);
    return {};
  },
};
