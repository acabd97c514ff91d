import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListUserAuthEventsCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
  DescribeResourceServerCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { startConsole, type RunningConsole } from '@ccsc/mock-server';
import { srpSignIn } from '../support/srp-client';
import { cognito } from '../support/aws';
import { type ConsoleInfo, consoleInfo, testEnv } from '../support/console';

const EMAIL = 'kept@example.com';
const PASSWORD = 'Kept-password-1';

// Runs its own console (this test file has its own process) on a data folder of its own.
describe('the offline stack across a restart', () => {
  let dataDir = '';
  let userPoolId = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = (c: ConsoleInfo, password = PASSWORD) =>
    srpSignIn(cognito(c), {
      userPoolId: c.userPoolId,
      clientId: c.userPoolClientId,
      username: EMAIL,
      password,
    });

  const refresh = (c: ConsoleInfo, token: string) =>
    cognito(c).send(
      new InitiateAuthCommand({
        ClientId: c.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: token },
      }),
    );

  it('keeps the pool, clients, users, MFA enrolment, revocations, auth events and resource servers', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-restart-'));
    const env = testEnv(dataDir);
    const info = (r: RunningConsole) => consoleInfo(r, env);

    const first = await startConsole(env);
    const before = info(first);
    const idp = cognito(before);
    await idp.send(
      new AdminCreateUserCommand({
        UserPoolId: before.userPoolId,
        Username: EMAIL,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: EMAIL },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await idp.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: before.userPoolId,
        Username: EMAIL,
        Password: PASSWORD,
        Permanent: true,
      }),
    );
    await expect(signIn(before, 'Wrong-password-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const revoked = (await signIn(before)).AuthenticationResult;
    const kept = (await signIn(before)).AuthenticationResult;
    await idp.send(
      new RevokeTokenCommand({ ClientId: before.userPoolClientId, Token: revoked?.RefreshToken }),
    );
    // Enrol an authenticator and prefer it.
    const { SecretCode } = await idp.send(
      new AssociateSoftwareTokenCommand({ AccessToken: kept?.AccessToken }),
    );
    await idp.send(
      new VerifySoftwareTokenCommand({
        AccessToken: kept?.AccessToken,
        UserCode: await generate({ secret: SecretCode ?? '' }),
      }),
    );
    await idp.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: kept?.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    await idp.send(
      new CreateResourceServerCommand({
        UserPoolId: before.userPoolId,
        Identifier: 'https://partners.ccsc.local',
        Name: 'partners',
        Scopes: [{ ScopeName: 'exchange', ScopeDescription: 'Exchange data' }],
      }),
    );
    const machine = await idp.send(
      new CreateUserPoolClientCommand({
        UserPoolId: before.userPoolId,
        ClientName: 'kept-machine',
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['https://partners.ccsc.local/exchange'],
      }),
    );
    idp.destroy();
    await first.stop();

    const second = await startConsole(env);
    try {
      const after = info(second);
      userPoolId = after.userPoolId;
      const idp2 = cognito(after);
      expect(after.userPoolId).toBe(before.userPoolId);
      expect(after.userPoolClientId).toBe(before.userPoolClientId);
      const user = await idp2.send(
        new AdminGetUserCommand({ UserPoolId: after.userPoolId, Username: EMAIL }),
      );
      expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(EMAIL);
      expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
      expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

      // The enrolment holds: the password now leads to the TOTP challenge.
      expect((await signIn(after)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      // The revocation holds, and so does the other refresh token.
      await expect(refresh(after, revoked?.RefreshToken ?? '')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      expect((await refresh(after, kept?.RefreshToken ?? '')).AuthenticationResult).toBeDefined();

      const events = await idp2.send(
        new AdminListUserAuthEventsCommand({ UserPoolId: after.userPoolId, Username: EMAIL }),
      );
      expect(events.AuthEvents?.map((e) => e.EventResponse)).toContain('Fail');

      const server = await idp2.send(
        new DescribeResourceServerCommand({
          UserPoolId: after.userPoolId,
          Identifier: 'https://partners.ccsc.local',
        }),
      );
      expect(server.ResourceServer?.Scopes).toEqual([
        { ScopeName: 'exchange', ScopeDescription: 'Exchange data' },
      ]);
      const client = await idp2.send(
        new DescribeUserPoolClientCommand({
          UserPoolId: after.userPoolId,
          ClientId: machine.UserPoolClient?.ClientId,
        }),
      );
      expect(client.UserPoolClient?.ClientSecret).toBe(machine.UserPoolClient?.ClientSecret);
      idp2.destroy();
    } finally {
      await second.stop();
    }
  });

  // A kill between cognito-local's truncate and its write used to leave the pool file empty; the
  // next start read it as an empty pool and invited a fresh bootstrap administrator.
  it('refuses to start on an emptied user-pool file, naming it, and leaves it as found', async () => {
    expect(userPoolId).not.toBe('');
    const poolFile = join(dataDir, 'cognito', 'db', `${userPoolId}.json`);
    await writeFile(poolFile, '');
    const outcome = await startConsole(testEnv(dataDir)).then(
      async (running) => {
        await running.stop(); // should it start after all, it does not stay up
        return 'started';
      },
      (err: unknown) => err,
    );
    expect(outcome).toBeInstanceOf(Error);
    const message = outcome instanceof Error ? outcome.message : '';
    expect(message).toContain(`${poolFile} (`);
    expect(message).toContain('run `npm run reset` to start afresh');
    expect(await readFile(poolFile, 'utf8')).toBe('');
  });
});
