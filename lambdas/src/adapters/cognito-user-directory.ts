import {
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { roleSchema } from '../contract';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../http/errors';
import type { DirectoryUser, ListUsersQuery, UserDirectory } from '../ports/user-directory';

const attribute = (user: UserType, name: string): string | null =>
  user.Attributes?.find((a) => a.Name === name)?.Value ?? null;

export const toDirectoryUser = (user: UserType): DirectoryUser => {
  const role = roleSchema.safeParse(attribute(user, 'custom:role'));
  return {
    userName: user.Username ?? '',
    email: attribute(user, 'email') ?? '',
    emailVerified: attribute(user, 'email_verified') === 'true',
    givenName: attribute(user, 'given_name'),
    familyName: attribute(user, 'family_name'),
    phoneNumber: attribute(user, 'phone_number'),
    role: role.success ? role.data : null,
    organisationId: attribute(user, 'custom:organisationId'),
    enabled: user.Enabled ?? false,
    status: user.UserStatus ?? 'UNKNOWN',
    createdAt: user.UserCreateDate ?? new Date(0),
    updatedAt: user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0),
  };
};

/** Cognito errors a caller can act on become typed errors; the rest stay 5xx. */
const translate = (err: unknown): never => {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : '';
  if (name === 'UserNotFoundException') throw new NotFoundError('User does not exist.');
  if (name === 'TooManyRequestsException') throw new TooManyRequestsError();
  if (name === 'InvalidParameterException' && /^Paging marker .* is invalid/.test(message)) {
    throw new ValidationError('The cursor is not valid.', [
      { path: 'cursor', message: 'Not a valid cursor' },
    ]);
  }
  throw err;
};

export class CognitoUserDirectory implements UserDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async listUsers(query: ListUsersQuery) {
    // The prefix is restricted by the contract to [A-Za-z0-9_@.+-], so it cannot break out of
    // the quoted filter; escaping quotes and backslashes anyway keeps this safe on its own.
    const filter =
      query.emailPrefix !== undefined && query.emailPrefix !== ''
        ? `email ^= "${query.emailPrefix.replace(/["\\]/g, '\\$&')}"`
        : undefined;
    const out = await this.client
      .send(
        new ListUsersCommand({
          UserPoolId: this.userPoolId,
          Limit: query.limit,
          PaginationToken: query.cursor,
          Filter: filter,
        }),
      )
      .catch(translate);
    return {
      users: (out.Users ?? []).map(toDirectoryUser),
      nextCursor: out.PaginationToken ?? null,
    };
  }

  async signOutEverywhere(userName: string) {
    await this.client
      .send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: userName }))
      .catch(translate);
  }
}
