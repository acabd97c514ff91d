import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import * as z from 'zod';
import { newCode } from './codes';
import { notAuthorized, USER_MESSAGES } from './errors';
import type { FidelityTarget } from './fidelity-target';
import { enforcePasswordPolicy } from './password-policy';
import { fields, parseRequest } from './request';
import { FidelityStore } from './state';
import { recoveryDelivery } from './user-delivery';
import { findUser } from './user-records';

/** Password reset and password set by an administrator. */

/**
 * AdminResetUserPassword: the user goes to RESET_REQUIRED (sign-in answers
 * PasswordResetRequiredException), a code is sent and stored as ForgotPassword stores it (the
 * user's ConfirmationCode, and `resetCodeAt` for its one-hour validity), so ConfirmForgotPassword
 * completes the reset; the user's sessions end.
 */
export const AdminResetUserPassword: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        ClientMetadata: fields.stringMap.optional(),
      }),
      body,
    );
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await findUser(ctx, pool, req.Username);
    // Cognito words it without the period here (amazon-cognito-identity-js#373).
    if (!user.Enabled) throw notAuthorized('User is disabled');
    if (user.UserStatus === 'FORCE_CHANGE_PASSWORD' || user.UserStatus === 'UNCONFIRMED') {
      throw notAuthorized(USER_MESSAGES.resetNotPossible);
    }
    const delivery = recoveryDelivery(pool.options, user);
    if (!delivery) throw new InvalidParameterError(USER_MESSAGES.noVerifiedContact);
    const code = newCode();
    const now = services.clock.get();
    const updated: User = {
      ...user,
      UserStatus: 'RESET_REQUIRED',
      ConfirmationCode: code,
      UserLastModifiedDate: now,
    };
    await pool.saveUser(ctx, updated);
    await fidelity.store.update(pool.options.Id, (state) => {
      FidelityStore.userMeta(state, user.Username).resetCodeAt = now.getTime();
    });
    await fidelity.tokens.revokeUser(pool.options.Id, user.Username);
    await services.messages.deliver(
      ctx,
      'ForgotPassword',
      null,
      pool.options.Id,
      updated,
      code,
      req.ClientMetadata,
      delivery,
    );
    return {};
  };

/**
 * AdminSetUserPassword: the pool's password policy applies; Permanent makes the user CONFIRMED,
 * otherwise the password is a temporary one (FORCE_CHANGE_PASSWORD, validity from now).
 */
export const AdminSetUserPassword: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        Password: z.string().max(256).regex(/^\S+$/),
        Permanent: z.boolean().optional(),
      }),
      body,
    );
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await findUser(ctx, pool, req.Username);
    enforcePasswordPolicy(pool.options, req.Password);
    const now = services.clock.get();
    const permanent = req.Permanent === true;
    await pool.saveUser(ctx, {
      ...user,
      Password: req.Password,
      UserStatus: permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
      UserLastModifiedDate: now,
    });
    await fidelity.store.update(pool.options.Id, (state) => {
      const meta = FidelityStore.userMeta(state, user.Username);
      if (permanent) delete meta.temporaryPasswordAt;
      else meta.temporaryPasswordAt = now.getTime();
    });
    return {};
  };
