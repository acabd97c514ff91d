import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { NotFoundError, TooManyRequestsError } from '../core/errors';
import { PasswordResetRefused } from '../core/ports/user-directory';
import { CognitoUserDirectory } from './cognito-user-directory';

/** A Cognito client that answers each command by its name, and records what it was sent. */
const stubClient = (answers: Record<string, (input: Record<string, unknown>) => unknown>) => {
  const sent: { command: string; input: Record<string, unknown> }[] = [];
  const client = {
    send: (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      sent.push({ command: name, input: command.input });
      const answer = answers[name];
      if (!answer) return Promise.reject(new Error(`unexpected ${name}`));
      try {
        return Promise.resolve(answer(command.input));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
  } as unknown as CognitoIdentityProviderClient;
  return { client, sent };
};

const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('CognitoUserDirectory', () => {
  it('reads one user with its MFA enrolment, and null for an unknown one', async () => {
    const { client } = stubClient({
      AdminGetUserCommand: (input) => {
        if (input.Username !== 'known@example.com') throw cognitoError('UserNotFoundException');
        return {
          Username: 'sub-1',
          Enabled: true,
          UserStatus: 'CONFIRMED',
          UserAttributes: [
            { Name: 'email', Value: 'known@example.com' },
            // An older account's attribute: never read, the group decides.
            { Name: 'custom:role', Value: 'PlatformAdmin' },
          ],
          UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
          PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
        };
      },
      AdminListGroupsForUserCommand: (input) => {
        if (input.Username !== 'known@example.com') throw cognitoError('UserNotFoundException');
        return input.NextToken === undefined
          ? { Groups: [{ GroupName: 'some-other-group' }], NextToken: 'page-2' }
          : { Groups: [{ GroupName: 'Auditor' }] };
      },
    });
    const directory = new CognitoUserDirectory(client, 'us-west-2_pool');
    expect(await directory.getUser('known@example.com')).toMatchObject({
      userName: 'sub-1',
      email: 'known@example.com',
      role: 'Auditor',
      enabled: true,
      mfaMethods: ['SOFTWARE_TOKEN_MFA'],
      preferredMfa: 'SOFTWARE_TOKEN_MFA',
    });
    expect(await directory.getUser('nobody@example.com')).toBeNull();
  });

  it('has no role for a user in no role group, or in several', async () => {
    for (const groups of [[], ['OrgAdmin', 'Auditor']]) {
      const { client } = stubClient({
        AdminGetUserCommand: () => ({ Username: 'sub-1', Enabled: true, UserAttributes: [] }),
        AdminListGroupsForUserCommand: () => ({
          Groups: groups.map((GroupName) => ({ GroupName })),
        }),
      });
      const directory = new CognitoUserDirectory(client, 'us-west-2_pool');
      expect(await directory.getUser('sub-1')).toMatchObject({ role: null });
    }
  });

  it('turns throttling into TooManyRequestsError and unknown users into NotFoundError', async () => {
    const { client } = stubClient({
      AdminGetUserCommand: () => {
        throw cognitoError('TooManyRequestsException');
      },
      AdminListGroupsForUserCommand: () => ({ Groups: [] }),
      AdminListUserAuthEventsCommand: () => {
        throw cognitoError('UserNotFoundException');
      },
    });
    const directory = new CognitoUserDirectory(client, 'us-west-2_pool');
    await expect(directory.getUser('x')).rejects.toThrow(TooManyRequestsError);
    await expect(directory.listAuthEvents('x')).rejects.toThrow(NotFoundError);
  });

  it('lists auth events, 60 a page', async () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const { client, sent } = stubClient({
      AdminListUserAuthEventsCommand: () => ({
        AuthEvents: [{ EventType: 'SignIn', EventResponse: 'Fail', CreationDate: at }],
        NextToken: 'next',
      }),
    });
    const page = await new CognitoUserDirectory(client, 'p_1').listAuthEvents('sub-1', 'c1');
    expect(page).toEqual({
      events: [{ type: 'SignIn', response: 'Fail', at }],
      nextCursor: 'next',
    });
    expect(sent[0]?.input).toEqual({
      UserPoolId: 'p_1',
      Username: 'sub-1',
      MaxResults: 60,
      NextToken: 'c1',
    });
  });

  it('switches TOTP off and un-prefers it', async () => {
    const { client, sent } = stubClient({ AdminSetUserMFAPreferenceCommand: () => ({}) });
    await new CognitoUserDirectory(client, 'p_1').disableTotp('sub-1');
    expect(sent[0]?.input).toEqual({
      UserPoolId: 'p_1',
      Username: 'sub-1',
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
  });

  it('maps ConfirmForgotPassword refusals, hiding which accounts exist', async () => {
    const cases: [string, string][] = [
      ['CodeMismatchException', 'code-mismatch'],
      ['UserNotFoundException', 'code-mismatch'],
      ['NotAuthorizedException', 'code-mismatch'],
      ['ExpiredCodeException', 'code-expired'],
      ['InvalidPasswordException', 'invalid-password'],
      ['LimitExceededException', 'limit-exceeded'],
    ];
    for (const [name, refusal] of cases) {
      const { client, sent } = stubClient({
        ConfirmForgotPasswordCommand: () => {
          throw cognitoError(name, `${name} message`);
        },
      });
      const err = await new CognitoUserDirectory(client, 'p_1')
        .confirmPasswordReset({
          clientId: 'web',
          email: 'a@example.com',
          code: '123456',
          newPassword: 'NewPassw0rd',
        })
        .catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(PasswordResetRefused);
      expect((err as PasswordResetRefused).refusal, name).toBe(refusal);
      expect(sent[0]?.input).toEqual({
        ClientId: 'web',
        Username: 'a@example.com',
        ConfirmationCode: '123456',
        Password: 'NewPassw0rd',
      });
    }
  });

  it('sends ConfirmForgotPassword through the client without retries, everything else not', async () => {
    const main = stubClient({
      AdminGetUserCommand: () => ({ Username: 'sub-1' }),
      AdminListGroupsForUserCommand: () => ({}),
    });
    const single = stubClient({ ConfirmForgotPasswordCommand: () => ({}) });
    const directory = new CognitoUserDirectory(main.client, 'p_1', single.client);
    await directory.confirmPasswordReset({
      clientId: 'web',
      email: 'a@example.com',
      code: '123456',
      newPassword: 'NewPassw0rd',
    });
    await directory.getUser('a@example.com');
    expect(single.sent.map((s) => s.command)).toEqual(['ConfirmForgotPasswordCommand']);
    expect(main.sent.map((s) => s.command)).not.toContain('ConfirmForgotPasswordCommand');
  });
});
