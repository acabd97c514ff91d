import type { Context } from 'cognito-local/lib/services/context.js';
import type {
  User,
  UserPool,
  UserPoolService,
} from 'cognito-local/lib/services/userPoolService.js';
import { userNotFound } from './errors';

/** What the user-directory targets read of a user record and of its pool. */

/** The value of the user's attribute `name`, if set. */
export const attr = (user: User, name: string) =>
  user.Attributes.find((a) => a.Name === name)?.Value;

/**
 * The user `username` names, or Cognito's UserNotFoundException. Every target accepts what
 * Cognito accepts as Username: the username, the `sub`, or (in a pool whose usernames are e-mail
 * addresses) the address.
 */
export const findUser = async (
  ctx: Context,
  pool: UserPoolService,
  username: string,
): Promise<User> => {
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) throw userNotFound();
  return user;
};

export const emailIsUsername = (pool: UserPool) =>
  pool.UsernameAttributes?.includes('email') ?? false;

/** Code-unit order: stable across runs and locales. */
export const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
