import type { Role } from '@ccsc/contract/roles';
import { ConflictError } from '../core/errors';
import {
  type AttributeChanges,
  type AuthEventPage,
  type ListUsersQuery,
  type NewUser,
  type PasswordReset,
  PasswordResetRefused,
  type UserDirectory,
} from '../core/ports/user-directory';
import { type CognitoAccess, type CognitoSource, cognitoAccess } from './clients/cognito';
import { CognitoAccountReader } from './cognito-account-reader';
import { toListedUser, errorName, translate, PASSWORD_RESET_REFUSALS } from './cognito-users';

/**
 * Every user call of the console on the user pool. Reading one account (`getUser`, which the MFA
 * gate of every console call needs) is its base class's, so that a function needing no more
 * bundles no more (cognito-account-reader.ts).
 */
export class CognitoUserDirectory extends CognitoAccountReader implements UserDirectory {
  private readonly publicCognito: CognitoAccess;

  constructor(
    client: CognitoSource,
    userPoolId: string,
    /** For ConfirmForgotPassword: a client that does not retry (clients/cognito.ts). */
    publicClient: CognitoSource = client,
  ) {
    super(client, userPoolId);
    this.publicCognito = cognitoAccess(publicClient);
  }

  async listUsers(query: ListUsersQuery) {
    const { client, sdk } = await this.cognito();
    // The prefix is restricted by the contract to [A-Za-z0-9_@.+-], so it cannot break out of
    // the quoted filter; escaping quotes and backslashes anyway keeps this safe on its own.
    const filter =
      query.emailPrefix !== undefined && query.emailPrefix !== ''
        ? `email ^= "${query.emailPrefix.replace(/["\\]/g, '\\$&')}"`
        : undefined;
    const out = await client
      .send(
        new sdk.ListUsersCommand({
          UserPoolId: this.userPoolId,
          Limit: query.limit,
          PaginationToken: query.cursor,
          Filter: filter,
        }),
      )
      .catch(translate);
    return {
      users: (out.Users ?? []).map(toListedUser),
      nextCursor: out.PaginationToken ?? null,
    };
  }

  async signOutEverywhere(userName: string) {
    const { client, sdk } = await this.cognito();
    await client
      .send(
        new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: userName }),
      )
      .catch(translate);
  }

  async disableUser(userName: string) {
    const { client, sdk } = await this.cognito();
    await client
      .send(new sdk.AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: userName }))
      .catch(translate);
  }

  async createUser(user: NewUser) {
    const { client, sdk } = await this.cognito();
    const attributes = [
      { Name: 'email', Value: user.email },
      // The administrator vouches for the address; the invitation proves it reaches the user.
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: user.givenName },
      { Name: 'family_name', Value: user.familyName },
      ...(user.phoneNumber === null ? [] : [{ Name: 'phone_number', Value: user.phoneNumber }]),
      ...(user.organisationId === null
        ? []
        : [{ Name: 'custom:organisationId', Value: user.organisationId }]),
    ];
    try {
      const out = await client.send(
        new sdk.AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: user.email,
          UserAttributes: attributes,
          // No invitation yet: create-user sends it (resendInvitation) once the role group is
          // set, so nobody is mailed a password for an account that is then removed again.
          // The role is the group alone: `custom:role` is never written.
          MessageAction: 'SUPPRESS',
        }),
      );
      const created = out.User;
      if (created === undefined) throw new Error('AdminCreateUser answered no user');
      return { ...toListedUser(created), role: null, mfaMethods: [], preferredMfa: null };
    } catch (err) {
      if (errorName(err) === 'UsernameExistsException') {
        throw new ConflictError('A user with this e-mail address already exists.');
      }
      return translate(err);
    }
  }

  async addToGroup(userName: string, group: Role) {
    const { client, sdk } = await this.cognito();
    await client
      .send(
        new sdk.AdminAddUserToGroupCommand({
          UserPoolId: this.userPoolId,
          Username: userName,
          GroupName: group,
        }),
      )
      .catch(translate);
  }

  async resendInvitation(email: string) {
    const { client, sdk } = await this.cognito();
    await client
      .send(
        new sdk.AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: email,
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      )
      .catch(translate);
  }

  async removeFromGroup(userName: string, group: Role) {
    const { client, sdk } = await this.cognito();
    await client
      .send(
        new sdk.AdminRemoveUserFromGroupCommand({
          UserPoolId: this.userPoolId,
          Username: userName,
          GroupName: group,
        }),
      )
      .catch(translate);
  }

  async updateAttributes(userName: string, changes: AttributeChanges) {
    const { client, sdk } = await this.cognito();
    const names: Record<keyof AttributeChanges, string> = {
      email: 'email',
      givenName: 'given_name',
      familyName: 'family_name',
      phoneNumber: 'phone_number',
      organisationId: 'custom:organisationId',
    };
    const set: { Name: string; Value: string }[] = [];
    const remove: string[] = [];
    for (const [key, value] of Object.entries(changes) as [
      keyof AttributeChanges,
      string | null | undefined,
    ][]) {
      if (value === undefined) continue;
      if (value === null) remove.push(names[key]);
      else set.push({ Name: names[key], Value: value });
    }
    if (set.length > 0) {
      await client
        .send(
          new sdk.AdminUpdateUserAttributesCommand({
            UserPoolId: this.userPoolId,
            Username: userName,
            UserAttributes: set,
          }),
        )
        .catch((err: unknown) => {
          if (errorName(err) === 'AliasExistsException') {
            throw new ConflictError('A user with this e-mail address already exists.');
          }
          return translate(err);
        });
    }
    if (remove.length > 0) {
      await client
        .send(
          new sdk.AdminDeleteUserAttributesCommand({
            UserPoolId: this.userPoolId,
            Username: userName,
            UserAttributeNames: remove,
          }),
        )
        .catch(translate);
    }
  }

  async enableUser(userName: string) {
    const { client, sdk } = await this.cognito();
    await client
      .send(new sdk.AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username: userName }))
      .catch(translate);
  }

  async deleteUser(userName: string) {
    const { client, sdk } = await this.cognito();
    await client
      .send(new sdk.AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: userName }))
      .catch(translate);
  }

  async listGroups() {
    const { client, sdk } = await this.cognito();
    const groups: { name: string; description: string | null }[] = [];
    let nextToken: string | undefined;
    do {
      const out = await client
        .send(
          new sdk.ListGroupsCommand({
            UserPoolId: this.userPoolId,
            Limit: 60,
            NextToken: nextToken,
          }),
        )
        .catch(translate);
      for (const g of out.Groups ?? []) {
        groups.push({ name: g.GroupName ?? '', description: g.Description ?? null });
      }
      nextToken = out.NextToken;
    } while (nextToken !== undefined);
    return groups;
  }

  async groupMembers(group: Role) {
    const { client, sdk } = await this.cognito();
    const members: { userName: string; enabled: boolean; status: string }[] = [];
    let nextToken: string | undefined;
    do {
      const out = await client
        .send(
          new sdk.ListUsersInGroupCommand({
            UserPoolId: this.userPoolId,
            GroupName: group,
            Limit: 60,
            NextToken: nextToken,
          }),
        )
        .catch(translate);
      for (const user of out.Users ?? []) {
        if (user.Username === undefined) continue;
        members.push({
          userName: user.Username,
          enabled: user.Enabled === true,
          status: user.UserStatus ?? 'UNKNOWN',
        });
      }
      nextToken = out.NextToken;
    } while (nextToken !== undefined);
    return members;
  }

  async listAuthEvents(userName: string, cursor?: string): Promise<AuthEventPage> {
    const { client, sdk } = await this.cognito();
    const out = await client
      .send(
        new sdk.AdminListUserAuthEventsCommand({
          UserPoolId: this.userPoolId,
          Username: userName,
          MaxResults: 60,
          NextToken: cursor,
        }),
      )
      .catch(translate);
    return {
      events: (out.AuthEvents ?? []).map((e) => ({
        type: e.EventType ?? 'Unknown',
        response: e.EventResponse ?? 'Unknown',
        at: e.CreationDate ?? new Date(0),
        ...(e.EventId === undefined ? {} : { id: e.EventId }),
      })),
      nextCursor: out.NextToken ?? null,
    };
  }

  async disableTotp(userName: string) {
    const { client, sdk } = await this.cognito();
    await client
      .send(
        new sdk.AdminSetUserMFAPreferenceCommand({
          UserPoolId: this.userPoolId,
          Username: userName,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      )
      .catch(translate);
  }

  async confirmPasswordReset(reset: PasswordReset) {
    const { client, sdk } = await this.publicCognito();
    try {
      await client.send(
        new sdk.ConfirmForgotPasswordCommand({
          ClientId: reset.clientId,
          Username: reset.email,
          ConfirmationCode: reset.code,
          Password: reset.newPassword,
        }),
      );
    } catch (err) {
      const refusal = PASSWORD_RESET_REFUSALS[errorName(err)];
      if (refusal !== undefined) {
        throw new PasswordResetRefused(refusal, err instanceof Error ? err.message : '');
      }
      translate(err);
    }
  }
}
