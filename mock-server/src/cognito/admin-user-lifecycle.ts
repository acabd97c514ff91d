import * as z from 'zod';
import type { FidelityTarget } from './fidelity-target';
import { fields, parseRequest } from './request';
import { findUser } from './user-records';

/** An administrator disables, enables or deletes a user. */

const userRequest = z.object({ UserPoolId: fields.userPoolId, Username: fields.username });

/**
 * AdminDisableUser and AdminEnableUser: as cognito-local, plus what Cognito does besides.
 * Disabling ends the user's sessions (Cognito revokes their tokens); enabling lifts a temporary
 * sign-in lockout.
 */
const setEnabled =
  (enabled: boolean): FidelityTarget =>
  (services, fidelity) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(userRequest, body);
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await findUser(ctx, pool, req.Username);
    await pool.saveUser(ctx, {
      ...user,
      Enabled: enabled,
      UserLastModifiedDate: services.clock.get(),
    });
    if (enabled) await fidelity.authEvents.clearFailures(req.UserPoolId, user.Username);
    else await fidelity.tokens.revokeUser(req.UserPoolId, user.Username);
    return {};
  };

export const AdminDisableUser = setEnabled(false);
export const AdminEnableUser = setEnabled(true);

/**
 * AdminDeleteUser: as cognito-local (the user leaves every group), the user's sessions end and
 * what we kept about the user (meta, auth events) goes with it.
 */
export const AdminDeleteUser: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(userRequest, body);
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await findUser(ctx, pool, req.Username);
    await pool.deleteUser(ctx, user);
    await fidelity.tokens.revokeUser(req.UserPoolId, user.Username);
    await fidelity.store.update(req.UserPoolId, (state) => {
      Reflect.deleteProperty(state.users, user.Username);
      Reflect.deleteProperty(state.authEvents, user.Username);
    });
    return {};
  };
