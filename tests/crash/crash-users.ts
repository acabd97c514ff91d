import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { callApi } from '../support/api';
import { cognito, createEnrolledUser } from '../support/aws';
import { CrashConsole } from './crash-console';

/**
 * What the user crash tests do and look at (issue 32): the calls as the console's pages make
 * them, and an account as Cognito, the user list and the audit trail have it.
 */

export const ORG = 'site-berlin-mitte';

/** Recorded exactly once, a success. */
export const ONCE = { success: 1, failure: 0 };

export class Users {
  constructor(
    private readonly console: CrashConsole,
    private readonly admin: { idToken: string },
  ) {}

  call = async (op: string, body: unknown) => {
    const res = await callApi(this.console.info, op, { token: this.admin.idToken, body });
    return { status: res.status, data: (res.body as { data?: Record<string, unknown> }).data };
  };

  invite = (email: string) =>
    this.call('create-user', {
      userAttributes: {
        email,
        givenName: 'Crash',
        familyName: 'Test',
        role: 'OrgAdmin',
        organisationId: ORG,
      },
    });

  /** A user invited whole: its userName. */
  invited = async (): Promise<{ email: string; userName: string }> => {
    const email = `crash-user-${randomUUID().slice(0, 8)}@example.com`;
    const made = await this.invite(email);
    expect(made.status).toBe(200);
    return { email, userName: (made.data?.user as { userName: string }).userName };
  };

  /** The account as Cognito, the user list and the audit trail have it. */
  stateOf = async (email: string, action: string) => {
    const idp = cognito(this.console.info);
    const user = await idp
      .send(new AdminGetUserCommand({ UserPoolId: this.console.info.userPoolId, Username: email }))
      .catch((err: unknown) => {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      });
    const groups =
      user === null
        ? []
        : ((
            await idp.send(
              new AdminListGroupsForUserCommand({
                UserPoolId: this.console.info.userPoolId,
                Username: user.Username ?? email,
              }),
            )
          ).Groups?.map((g) => g.GroupName) ?? []);
    const listed = await this.call('list-all-users', { search: email });
    const records = await this.call('list-audit-records', { action, target: email, limit: 100 });
    // The action filter takes a prefix too (mfa.reset finds mfa.reset-requested): exact here.
    const recorded = (
      (records.data?.records ?? []) as {
        action: string;
        outcome: string;
        target: { label?: string } | null;
      }[]
    ).filter((r) => r.action === action && r.target?.label === email);
    return {
      exists: user !== null,
      enabled: user?.Enabled,
      status: user?.UserStatus,
      groups,
      listed: (
        (listed.data?.users ?? []) as { email: string; role: string | null; enabled: boolean }[]
      ).map((u) => ({ role: u.role, enabled: u.enabled })),
      recorded: {
        success: recorded.filter((r) => r.outcome === 'success').length,
        failure: recorded.filter((r) => r.outcome === 'failure').length,
      },
    };
  };
}

/**
 * A crash console started for a file of user writes, with the PlatformAdmin whose calls `users`
 * makes (each file's beforeAll; the file disposes of the console in its afterAll).
 */
export const startUserWrites = async (): Promise<{ console: CrashConsole; users: Users }> => {
  const console = await CrashConsole.create();
  await console.start();
  const admin = await createEnrolledUser(console.info, 'PlatformAdmin');
  return { console, users: new Users(console, admin) };
};
