import { randomUUID } from 'node:crypto';
import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type {
  User,
  UserPool,
  UserPoolService,
} from 'cognito-local/lib/services/userPoolService.js';
import { userToResponseObject } from 'cognito-local/lib/targets/responses.js';
import * as z from 'zod';
import { cognitoError, USER_MESSAGES } from './errors';
import type { Fidelity, FidelityTarget } from './fidelity-target';
import { enforcePasswordPolicy, generateTemporaryPassword } from './password-policy';
import { fields, parseRequest } from './request';
import { FidelityStore } from './state';
import { invitationDeliveries } from './user-delivery';
import { compareStrings, emailIsUsername, findUser } from './user-records';

const attributeSchema = z.object({
  Name: z.string().min(1).max(32),
  Value: z.string().max(2048).optional(),
});

const adminCreateUserSchema = z.object({
  UserPoolId: fields.userPoolId,
  Username: fields.username,
  UserAttributes: z.array(attributeSchema).optional(),
  ValidationData: z.array(attributeSchema).optional(),
  TemporaryPassword: z.string().max(256).optional(),
  ForceAliasCreation: z.boolean().optional(),
  MessageAction: z.enum(['RESEND', 'SUPPRESS']).optional(),
  DesiredDeliveryMediums: z.array(z.enum(['SMS', 'EMAIL'])).optional(),
  ClientMetadata: fields.stringMap.optional(),
});

type AdminCreateUserRequest = z.infer<typeof adminCreateUserSchema>;

const sendInvitation = async (
  services: Services,
  ctx: Context,
  req: AdminCreateUserRequest,
  poolId: string,
  user: User,
  password: string,
  deliveries: readonly DeliveryDetails[],
) => {
  for (const delivery of deliveries) {
    await services.messages.deliver(
      ctx,
      'AdminCreateUser',
      null,
      poolId,
      user,
      password,
      req.ClientMetadata,
      delivery,
    );
  }
};

/** The temporary password: the one given (checked against the policy) or a generated one. */
const temporaryPassword = (pool: UserPool, given: string | undefined) => {
  // A blank TemporaryPassword is "none" (the model allows it for passwordless pools).
  if (given === undefined || given === '') return generateTemporaryPassword(pool);
  enforcePasswordPolicy(pool, given);
  return given;
};

/**
 * MessageAction RESEND: a user still in FORCE_CHANGE_PASSWORD gets a new temporary password
 * (with a fresh validity period) and the invitation again.
 */
const resendInvitation = async (
  services: Services,
  fidelity: Fidelity,
  ctx: Context,
  req: AdminCreateUserRequest,
  pool: UserPoolService,
) => {
  const user = await findUser(ctx, pool, req.Username);
  if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
    throw cognitoError(
      'UnsupportedUserStateException',
      USER_MESSAGES.resendNotPossible(req.Username),
    );
  }
  const password = temporaryPassword(pool.options, req.TemporaryPassword);
  const deliveries = invitationDeliveries(user, req.DesiredDeliveryMediums);
  const now = services.clock.get();
  const updated: User = { ...user, Password: password, UserLastModifiedDate: now };
  await pool.saveUser(ctx, updated);
  await fidelity.store.update(pool.options.Id, (state) => {
    FidelityStore.userMeta(state, user.Username).temporaryPasswordAt = now.getTime();
  });
  await sendInvitation(services, ctx, req, pool.options.Id, updated, password, deliveries);
  return { User: userToResponseObject(updated) };
};

/**
 * AdminCreateUser: cognito-local's, with Cognito's duplicate answers, a temporary password that
 * obeys the pool's policy (checked when given, generated from a CSPRNG otherwise), its time of
 * issue recorded (it expires after TemporaryPasswordValidityDays), RESEND, and the invitation
 * sent with the pool's template through every medium asked for unless SUPPRESS.
 */
export const AdminCreateUser: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(adminCreateUserSchema, body);
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const options = pool.options;
    if (req.MessageAction === 'RESEND') {
      return resendInvitation(services, fidelity, ctx, req, pool);
    }
    const byEmail = emailIsUsername(options);
    if (await pool.getUserByUsername(ctx, req.Username)) {
      throw cognitoError(
        'UsernameExistsException',
        byEmail ? USER_MESSAGES.emailExists : USER_MESSAGES.usernameExists,
      );
    }
    if (byEmail && !req.Username.includes('@')) {
      throw new InvalidParameterError(USER_MESSAGES.usernameShouldBeEmail);
    }
    const given = (req.UserAttributes ?? [])
      .filter((a) => a.Value !== undefined)
      .map((a) => ({ Name: a.Name, Value: a.Value as string }));
    const sub = given.find((a) => a.Name === 'sub')?.Value ?? randomUUID();
    const attributes = [
      ...(given.some((a) => a.Name === 'sub') ? [] : [{ Name: 'sub', Value: sub }]),
      ...given,
    ];
    if (byEmail && !attributes.some((a) => a.Name === 'email')) {
      attributes.push({ Name: 'email', Value: req.Username });
    }
    const password = temporaryPassword(options, req.TemporaryPassword);
    const now = services.clock.get();
    const user: User = {
      // In a pool whose usernames are e-mail addresses the username is the sub (as in Cognito).
      Username: byEmail ? sub : req.Username,
      Password: password,
      Attributes: attributes.sort((a, b) => compareStrings(a.Name, b.Name)),
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      UserCreateDate: now,
      UserLastModifiedDate: now,
      RefreshTokens: [],
    };
    const deliveries =
      req.MessageAction === 'SUPPRESS'
        ? []
        : invitationDeliveries(user, req.DesiredDeliveryMediums);
    await pool.saveUser(ctx, user);
    // A new account starts clean, even where an earlier one with the same username was deleted.
    await fidelity.store.update(options.Id, (state) => {
      state.users[user.Username] = { temporaryPasswordAt: now.getTime() };
      Reflect.deleteProperty(state.authEvents, user.Username);
    });
    await sendInvitation(services, ctx, req, options.Id, user, password, deliveries);
    return { User: userToResponseObject(user) };
  };
