import { randomInt, randomUUID } from 'node:crypto';
import { GroupNotFoundError, InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type {
  Group,
  User,
  UserPool,
  UserPoolService,
} from 'cognito-local/lib/services/userPoolService.js';
import {
  groupToResponseObject,
  userToResponseObject,
} from 'cognito-local/lib/targets/responses.js';
import * as z from 'zod';
import { cognitoError, notAuthorized, userNotFound } from './errors';
import type { Fidelity, FidelityTarget } from './fidelity-target';
import { enforcePasswordPolicy, generateTemporaryPassword } from './password-policy';
import { fields, parseRequest } from './request';
import { FidelityStore } from './state';

/**
 * The user directory as Cognito's admin API runs it: listing and filtering users, creating them
 * with an invitation, resetting, disabling, enabling, deleting, setting passwords, groups of a
 * user, and the user's auth events. Every target accepts what Cognito accepts as Username: the
 * username, the `sub`, or (in a pool whose usernames are e-mail addresses) the address.
 */

/** Cognito's answers, worded as AWS words them (see the report of each for its source). */
export const USER_MESSAGES = {
  filterParse: 'Error while parsing filter.',
  searchAttribute: (name: string) => `Invalid search attribute: ${name}`,
  attributesDoNotExist: 'One or more requested attributes do not exist.',
  usernameExists: 'User account already exists',
  emailExists: 'An account with the given email already exists.',
  usernameShouldBeEmail: 'Username should be an email.',
  resendNotPossible: (username: string) =>
    `Resend not possible. ${username} status is not FORCE_CHANGE_PASSWORD.`,
  noDeliveryMedium: 'User has no attribute matching desired delivery mediums',
  resetNotPossible: 'User password cannot be reset in the current state.',
  noVerifiedContact:
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  groupExists: 'A group with the name already exists.',
  addOnNotEnabled: 'User pool add-ons are not enabled for this user pool.',
} as const;

// ---------------------------------------------------------------------------------------------
// Shared helpers

const attr = (user: User, name: string) => user.Attributes.find((a) => a.Name === name)?.Value;

/** The user `username` names (username, sub or alias), or Cognito's UserNotFoundException. */
const findUser = async (ctx: Context, pool: UserPoolService, username: string): Promise<User> => {
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) throw userNotFound();
  return user;
};

const emailIsUsername = (pool: UserPool) => pool.UsernameAttributes?.includes('email') ?? false;

/** Code-unit order: stable across runs and locales. */
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Six digits from the CSPRNG, as Cognito's verification codes. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The AWS model's QueryLimitType: 0..60, where 0 or absent means the maximum. */
export const LIST_USERS_MAX_LIMIT = 60;
const queryLimit = z.number().int().min(0).max(LIST_USERS_MAX_LIMIT).optional();
const pageSize = (limit: number | undefined) =>
  limit === undefined || limit === 0 ? LIST_USERS_MAX_LIMIT : limit;

/** The AWS model's PaginationKey / SearchPaginationTokenType. */
const paginationKey = z.string().min(1).max(131072).regex(/^\S+$/);

/**
 * Pagination tokens are opaque to callers (base64url JSON) and bound to what they page: the
 * pool, and the filter or user. Any token that does not decode to one for this very listing is
 * refused as Cognito refuses a foreign one.
 */
const encodeToken = (payload: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(payload)).toString('base64url');

const decodeToken = <S extends z.ZodType>(
  token: string,
  schema: S,
  belongs: (decoded: z.infer<S>) => boolean,
): z.infer<S> => {
  try {
    const decoded = schema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    if (belongs(decoded)) return decoded;
  } catch {
    // fall through: any unreadable token is answered as Cognito answers a bad one
  }
  throw new InvalidParameterError(`Paging marker ${token} is invalid for request ${randomUUID()}`);
};

/** First index in sorted `items` whose key is greater than `after` (binary search). */
const firstAfter = <T>(items: readonly T[], after: (item: T) => boolean) => {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after(items[mid] as T)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};

// ---------------------------------------------------------------------------------------------
// ListUsers

interface FilterField {
  value: (user: User) => string | undefined;
  caseSensitive: boolean;
}

const attributeField = (name: string): FilterField => ({
  value: (user) => attr(user, name),
  caseSensitive: false,
});

/**
 * The attributes ListUsers can filter on. The API reference marks `username` and `status` as
 * case-sensitive and `cognito:user_status` as case-insensitive; for the rest it says nothing and
 * the developer guide says "All searches are case-insensitive". `status` is Enabled/Disabled.
 */
const FILTERABLE: Readonly<Record<string, FilterField>> = {
  username: { value: (user) => user.Username, caseSensitive: true },
  email: attributeField('email'),
  phone_number: attributeField('phone_number'),
  name: attributeField('name'),
  given_name: attributeField('given_name'),
  family_name: attributeField('family_name'),
  preferred_username: attributeField('preferred_username'),
  'cognito:user_status': { value: (user) => user.UserStatus, caseSensitive: false },
  status: { value: (user) => (user.Enabled ? 'Enabled' : 'Disabled'), caseSensitive: true },
  sub: attributeField('sub'),
};

/**
 * `AttributeName Filter-Type "AttributeValue"`: the name bare or quoted, `=` (exact) or `^=`
 * (prefix), the value in double quotes with `\"` and `\\` escapes; spaces around are optional.
 */
const FILTER_SYNTAX = /^\s*(?:"([^"]*)"|([^\s"=^]+))\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/su;

/** The predicate a Filter stands for; undefined for no (or an empty) filter. */
export const parseUserFilter = (
  filter: string | undefined,
): ((user: User) => boolean) | undefined => {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = FILTER_SYNTAX.exec(filter);
  if (!match) throw new InvalidParameterError(USER_MESSAGES.filterParse);
  const name = match[1] ?? match[2] ?? '';
  const prefix = match[3] === '^=';
  const raw = (match[4] ?? '').replace(/\\(.)/gsu, '$1');
  const field = Object.hasOwn(FILTERABLE, name) ? FILTERABLE[name] : undefined;
  if (!field) throw new InvalidParameterError(USER_MESSAGES.searchAttribute(name));
  const fold = field.caseSensitive ? (s: string) => s : (s: string) => s.toLowerCase();
  const wanted = fold(raw);
  return (user) => {
    const value = field.value(user);
    if (value === undefined) return false;
    return prefix ? fold(value).startsWith(wanted) : fold(value) === wanted;
  };
};

const listUsersTokenSchema = z.object({
  pool: z.string(),
  filter: z.string(),
  after: z.string(),
});

/** The user as ListUsers shows it, with only the attributes asked for when some are. */
const listedUser = (user: User, attributesToGet: readonly string[] | undefined) => {
  const shown = userToResponseObject(user);
  if (attributesToGet === undefined) return shown;
  return { ...shown, Attributes: user.Attributes.filter((a) => attributesToGet.includes(a.Name)) };
};

/**
 * AttributesToGet: every name must be in the pool's schema, and an attribute that cannot be
 * filtered on must be set on every user listed (the API reference: "Amazon Cognito returns an
 * error if not all users in the results have set a value for the attribute you request").
 */
const checkAttributesToGet = (pool: UserPool, names: readonly string[], page: readonly User[]) => {
  const schema = pool.SchemaAttributes?.map((a) => a.Name);
  const unknown = schema !== undefined && names.some((n) => !schema.includes(n));
  const unset = names
    .filter((n) => !Object.hasOwn(FILTERABLE, n))
    .some((n) => page.some((user) => attr(user, n) === undefined));
  if (unknown || unset) throw new InvalidParameterError(USER_MESSAGES.attributesDoNotExist);
};

/**
 * ListUsers with Limit (0..60; 0 or absent means 60), PaginationToken (bound to the pool and the
 * filter, as Cognito's), Filter and AttributesToGet. Pages follow username order; a token names
 * the last username served, so users created or deleted between pages neither repeat nor shift
 * the rest. One pass to filter, one sort, a binary search for the page: fine for 10,000 users.
 */
export const ListUsers: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        AttributesToGet: z.array(z.string().min(1).max(32)).optional(),
        Filter: z.string().max(256).optional(),
        Limit: queryLimit,
        PaginationToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const matches = parseUserFilter(req.Filter);
    const filterKey = req.Filter ?? '';
    const all = await pool.listUsers(ctx);
    const users = (matches ? all.filter(matches) : [...all]).sort((a, b) =>
      compareStrings(a.Username, b.Username),
    );
    const limit = pageSize(req.Limit);
    let start = 0;
    if (req.PaginationToken !== undefined) {
      const { after } = decodeToken(
        req.PaginationToken,
        listUsersTokenSchema,
        (t) => t.pool === req.UserPoolId && t.filter === filterKey,
      );
      start = firstAfter(users, (u) => u.Username > after);
    }
    const page = users.slice(start, start + limit);
    if (req.AttributesToGet) checkAttributesToGet(pool.options, req.AttributesToGet, page);
    const last = page.at(-1);
    const more = start + limit < users.length && last !== undefined;
    return {
      Users: page.map((u) => listedUser(u, req.AttributesToGet)),
      ...(more
        ? {
            PaginationToken: encodeToken({
              pool: req.UserPoolId,
              filter: filterKey,
              after: last.Username,
            }),
          }
        : {}),
    };
  };

// ---------------------------------------------------------------------------------------------
// Groups

const groupsTokenSchema = z.object({ pool: z.string(), user: z.string(), after: z.string() });

/**
 * AdminListGroupsForUser: the groups of the user the Username names (an alias too: cognito-local
 * compares the raw request name with the members, so an address found nothing), in group-name
 * order, paged by Limit and NextToken.
 */
export const AdminListGroupsForUser: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        Limit: queryLimit,
        NextToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await findUser(ctx, pool, req.Username);
    const groups = (await pool.listGroups(ctx))
      .filter((g) => g.members?.includes(user.Username))
      .sort((a, b) => compareStrings(a.GroupName, b.GroupName));
    let start = 0;
    if (req.NextToken !== undefined) {
      const { after } = decodeToken(
        req.NextToken,
        groupsTokenSchema,
        (t) => t.pool === req.UserPoolId && t.user === user.Username,
      );
      start = firstAfter(groups, (g) => g.GroupName > after);
    }
    const limit = pageSize(req.Limit);
    const page = groups.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < groups.length && last !== undefined;
    return {
      Groups: page.map(groupToResponseObject(req.UserPoolId)),
      ...(more
        ? {
            NextToken: encodeToken({
              pool: req.UserPoolId,
              user: user.Username,
              after: last.GroupName,
            }),
          }
        : {}),
    };
  };

const groupMembersTokenSchema = z.object({
  pool: z.string(),
  group: z.string(),
  after: z.string(),
});

/**
 * ListUsersInGroup: the group's members in username order, paged by Limit (0..60; 0 or absent
 * means 60) and NextToken, as Cognito pages it (cognito-local answers every member at once, and
 * a 500 for a member it cannot find). An unknown group is ResourceNotFoundException.
 */
export const ListUsersInGroup: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        GroupName: z.string().min(1).max(128),
        Limit: queryLimit,
        NextToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const group = await pool.getGroupByGroupName(ctx, req.GroupName);
    if (!group) throw new GroupNotFoundError();
    const members = new Set(group.members ?? []);
    const users = (await pool.listUsers(ctx))
      .filter((u) => members.has(u.Username))
      .sort((a, b) => compareStrings(a.Username, b.Username));
    let start = 0;
    if (req.NextToken !== undefined) {
      const { after } = decodeToken(
        req.NextToken,
        groupMembersTokenSchema,
        (t) => t.pool === req.UserPoolId && t.group === req.GroupName,
      );
      start = firstAfter(users, (u) => u.Username > after);
    }
    const limit = pageSize(req.Limit);
    const page = users.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < users.length && last !== undefined;
    return {
      Users: page.map((u) => userToResponseObject(u)),
      ...(more
        ? {
            NextToken: encodeToken({
              pool: req.UserPoolId,
              group: req.GroupName,
              after: last.Username,
            }),
          }
        : {}),
    };
  };

/** The AWS model's ArnType pattern. */
const ARN =
  /^arn:[\w+=/,.@-]+:[\w+=/,.@-]+:([\w+=/,.@-]*)?:[0-9]+:[\w+=/,.@-]+(:[\w+=/,.@-]+)?(:[\w+=/,.@-]+)?$/;

/** CreateGroup: as cognito-local, but an existing name is GroupExistsException, not replaced. */
export const CreateGroup: FidelityTarget =
  ({ cognito, clock }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        GroupName: z
          .string()
          .min(1)
          .max(128)
          .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u),
        UserPoolId: fields.userPoolId,
        Description: z.string().max(2048).optional(),
        RoleArn: z.string().min(20).max(2048).regex(ARN).optional(),
        Precedence: z.number().int().min(0).optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    // cognito-local's getGroupByGroupName throws in a pool that never had a group.
    if ((await pool.listGroups(ctx)).some((g) => g.GroupName === req.GroupName)) {
      throw cognitoError('GroupExistsException', USER_MESSAGES.groupExists);
    }
    const now = clock.get();
    const group: Group = {
      GroupName: req.GroupName,
      CreationDate: now,
      LastModifiedDate: now,
      ...(req.Description === undefined ? {} : { Description: req.Description }),
      ...(req.RoleArn === undefined ? {} : { RoleArn: req.RoleArn }),
      ...(req.Precedence === undefined ? {} : { Precedence: req.Precedence }),
    };
    await pool.saveGroup(ctx, group);
    return { Group: groupToResponseObject(req.UserPoolId)(group) };
  };

// ---------------------------------------------------------------------------------------------
// AdminCreateUser

type Medium = 'SMS' | 'EMAIL';

const emailDelivery = (destination: string): DeliveryDetails => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: destination,
});

const smsDelivery = (destination: string): DeliveryDetails => ({
  AttributeName: 'phone_number',
  DeliveryMedium: 'SMS',
  Destination: destination,
});

/**
 * Where the invitation goes: every medium asked for that the user has an attribute for (Cognito
 * sends "via SMS, email, or both"). Without DesiredDeliveryMediums Cognito's default is SMS; a
 * user without a phone number then gets it by e-mail. Asking explicitly for mediums the user has
 * no attribute for is refused before the user is created.
 */
const invitationDeliveries = (user: User, desired: readonly Medium[] | undefined) => {
  const phone = attr(user, 'phone_number');
  const email = attr(user, 'email');
  const mediums = desired ?? ['SMS'];
  const out: DeliveryDetails[] = [];
  if (mediums.includes('SMS') && phone) out.push(smsDelivery(phone));
  if (mediums.includes('EMAIL') && email) out.push(emailDelivery(email));
  if (out.length === 0 && desired === undefined && email) out.push(emailDelivery(email));
  if (out.length === 0 && desired !== undefined && desired.length > 0) {
    throw new InvalidParameterError(USER_MESSAGES.noDeliveryMedium);
  }
  return out;
};

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

// ---------------------------------------------------------------------------------------------
// Password reset and password set by an administrator

/**
 * Where a reset code goes: the pool's AccountRecoverySetting in priority order, or without one
 * Cognito's legacy order, a verified phone number first and then a verified e-mail address.
 */
const recoveryDelivery = (pool: UserPool, user: User): DeliveryDetails | undefined => {
  const email = attr(user, 'email');
  const phone = attr(user, 'phone_number');
  const verifiedEmail = email !== undefined && attr(user, 'email_verified') === 'true';
  const verifiedPhone = phone !== undefined && attr(user, 'phone_number_verified') === 'true';
  const mechanisms = pool.AccountRecoverySetting?.RecoveryMechanisms;
  const order =
    mechanisms && mechanisms.length > 0
      ? [...mechanisms].sort((a, b) => a.Priority - b.Priority).map((m) => m.Name)
      : ['verified_phone_number', 'verified_email'];
  for (const mechanism of order) {
    if (mechanism === 'verified_email' && verifiedEmail) return emailDelivery(email);
    if (mechanism === 'verified_phone_number' && verifiedPhone) return smsDelivery(phone);
  }
  return undefined;
};

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

// ---------------------------------------------------------------------------------------------
// Enable, disable, delete

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

// ---------------------------------------------------------------------------------------------
// AdminListUserAuthEvents

const authEventsTokenSchema = z.object({
  pool: z.string(),
  user: z.string(),
  after: z.string(),
  at: z.number(),
});

/**
 * AdminListUserAuthEvents: the user's recorded events, newest first, MaxResults (0..60; 0 or
 * absent means 60) per page. Only in a pool with threat protection (AdvancedSecurityMode AUDIT
 * or ENFORCED); no risk is ever detected here.
 */
export const AdminListUserAuthEvents: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        MaxResults: queryLimit,
        NextToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const mode = pool.options.UserPoolAddOns?.AdvancedSecurityMode;
    if (mode === undefined || mode === 'OFF') {
      throw cognitoError('UserPoolAddOnNotEnabledException', USER_MESSAGES.addOnNotEnabled);
    }
    const user = await findUser(ctx, pool, req.Username);
    const stored = (await fidelity.store.read(req.UserPoolId)).authEvents[user.Username] ?? [];
    // Recorded oldest first; a stable sort keeps the recording order among equal times.
    const events = stored
      .map((event, index) => ({ event, index }))
      .sort((a, b) => b.event.CreatedAt - a.event.CreatedAt || b.index - a.index)
      .map(({ event }) => event);
    let start = 0;
    if (req.NextToken !== undefined) {
      const token = decodeToken(
        req.NextToken,
        authEventsTokenSchema,
        (t) => t.pool === req.UserPoolId && t.user === user.Username,
      );
      const found = events.findIndex((e) => e.EventId === token.after);
      start = found === -1 ? firstAfter(events, (e) => e.CreatedAt < token.at) : found + 1;
    }
    const limit = pageSize(req.MaxResults);
    const page = events.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < events.length && last !== undefined;
    return {
      AuthEvents: page.map((e) => ({
        EventId: e.EventId,
        EventType: e.EventType,
        // cognito-local's server writes Dates as epoch seconds, as Cognito does.
        CreationDate: new Date(e.CreatedAt),
        EventResponse: e.EventResponse,
        EventRisk: { RiskDecision: 'NoRisk', CompromisedCredentialsDetected: false },
        ChallengeResponses: e.ChallengeResponses,
        EventContextData: e.EventContextData,
      })),
      ...(more
        ? {
            NextToken: encodeToken({
              pool: req.UserPoolId,
              user: user.Username,
              after: last.EventId,
              at: last.CreatedAt,
            }),
          }
        : {}),
    };
  };

/** User-directory targets: ours where cognito-local lacks them or answers differently. */
export const userTargets: Readonly<Record<string, FidelityTarget>> = {
  ListUsers,
  AdminListGroupsForUser,
  ListUsersInGroup,
  CreateGroup,
  AdminCreateUser,
  AdminResetUserPassword,
  AdminSetUserPassword,
  AdminDisableUser,
  AdminEnableUser,
  AdminDeleteUser,
  AdminListUserAuthEvents,
};
