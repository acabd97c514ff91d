import type { DirectoryUserDetail } from '../core/ports/user-directory';
import { type CognitoAccess, type CognitoSource, cognitoAccess } from './clients/cognito';
import { errorName, toDirectoryUserDetail, translate } from './cognito-users';

/**
 * One account of the user pool, read (AdminGetUser and its groups): what the MFA gate of every
 * console call needs (http/mfa-gate.ts). The whole directory (cognito-user-directory.ts) extends
 * it; a function that only reads an account bundles this alone.
 */
export class CognitoAccountReader {
  protected readonly cognito: CognitoAccess;

  constructor(
    client: CognitoSource,
    protected readonly userPoolId: string,
  ) {
    this.cognito = cognitoAccess(client);
  }

  async getUser(userName: string): Promise<DirectoryUserDetail | null> {
    const { client, sdk } = await this.cognito();
    try {
      const [out, groups] = await Promise.all([
        client.send(
          new sdk.AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: userName }),
        ),
        this.groupsOf(userName),
      ]);
      return toDirectoryUserDetail(out, groups);
    } catch (err) {
      if (errorName(err) === 'UserNotFoundException') return null;
      return translate(err);
    }
  }

  /** The names of the groups the user is in (AdminListGroupsForUser, every page). */
  protected async groupsOf(userName: string): Promise<string[]> {
    const { client, sdk } = await this.cognito();
    const names: string[] = [];
    let nextToken: string | undefined;
    do {
      const out = await client.send(
        new sdk.AdminListGroupsForUserCommand({
          UserPoolId: this.userPoolId,
          Username: userName,
          Limit: 60,
          NextToken: nextToken,
        }),
      );
      for (const group of out.Groups ?? []) {
        if (group.GroupName !== undefined) names.push(group.GroupName);
      }
      nextToken = out.NextToken;
    } while (nextToken !== undefined);
    return names;
  }
}
