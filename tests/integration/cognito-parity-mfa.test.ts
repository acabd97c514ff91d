import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  Authenticator,
  cognito,
  cognitoError,
  createConfirmedUser,
  createTestPool,
  failureOf,
  type PoolUser,
  type TestPool,
} from '../support/aws';
import { type SrpSignInInput, srpSignIn } from '../support/srp-client';

/**
 * Authenticator-app (TOTP) MFA as real Cognito runs it, through the AWS SDK: set up with an
 * access token (MFA optional) or during sign-in's MFA_SETUP challenge (MFA on), the
 * SOFTWARE_TOKEN_MFA challenge, codes accepted once, and the preferences. Codes come from otplib.
 */

const c = inject('console');
const idp = cognito(c);

const answerTotp = (
  client: CognitoIdentityProviderClient,
  clientId: string,
  challenge: { Session?: string | undefined; ChallengeParameters?: Record<string, string> },
  code: string,
) =>
  client.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.Session,
      ChallengeResponses: {
        USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? '',
        SOFTWARE_TOKEN_MFA_CODE: code,
      },
    }),
  );

/** Signs in (MFA off so far), associates and verifies an authenticator with the access token. */
const setUpTotpWithAccessToken = async (user: PoolUser, input: SrpSignInInput) => {
  const signedIn = await srpSignIn(idp, input);
  const accessToken = signedIn.AuthenticationResult?.AccessToken ?? '';
  const associated = await idp.send(
    new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
  );
  expect(associated.SecretCode).toMatch(/^[A-Z2-7]+$/);
  expect(associated.Session).toBeUndefined();
  const app = new Authenticator(associated.SecretCode ?? '');
  const verified = await idp.send(
    new VerifySoftwareTokenCommand({
      AccessToken: accessToken,
      UserCode: await app.next(),
      FriendlyDeviceName: `phone of ${user.email}`,
    }),
  );
  expect(verified.Status).toBe('SUCCESS');
  return { app, accessToken };
};

describe('TOTP in the console’s pool (MFA optional)', () => {
  const web = { userPoolId: c.userPoolId, clientId: c.userPoolClientId };

  /**
   * A user of their own for each test, with an authenticator set up with an access token and
   * preferred: each code is accepted once, and a fresh user needs no waiting for the next step.
   */
  const userWithTotp = async (tag: string) => {
    const user = await createConfirmedUser(idp, c.userPoolId, tag);
    const input = { ...web, username: user.email, password: user.password };
    const { app, accessToken } = await setUpTotpWithAccessToken(user, input);
    await idp.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { user, input, app };
  };

  it('set up with an access token and preferred, it makes sign-in ask SOFTWARE_TOKEN_MFA', async () => {
    const { user, input, app } = await userWithTotp('totp');
    const admin = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: user.email }),
    );
    expect(admin.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(admin.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    const challenge = await srpSignIn(idp, input);
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.Session).toEqual(expect.any(String));
    expect(challenge.ChallengeParameters).toMatchObject({
      USER_ID_FOR_SRP: user.username,
      FRIENDLY_DEVICE_NAME: `phone of ${user.email}`,
    });
    const done = await answerTotp(idp, c.userPoolClientId, challenge, await app.next());
    expect(done.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });

  it('refuses a wrong code with CodeMismatchException "Invalid code received for user", and the session survives it', async () => {
    const { input, app } = await userWithTotp('totp-wrong');
    const challenge = await srpSignIn(idp, input);
    expect(
      await failureOf(answerTotp(idp, c.userPoolClientId, challenge, app.wrongCode())),
    ).toEqual(cognitoError('CodeMismatchException', 'Invalid code received for user'));
    // A failed code does not consume the session (real spike: retries kept getting answers).
    const done = await answerTotp(idp, c.userPoolClientId, challenge, await app.next());
    expect(done.AuthenticationResult).toBeDefined();
  });

  it('accepts a code once: "Your software token has already been used once."', async () => {
    const { input, app } = await userWithTotp('totp-twice');
    const first = await srpSignIn(idp, input);
    const code = await app.next();
    expect(
      (await answerTotp(idp, c.userPoolClientId, first, code)).AuthenticationResult,
    ).toBeDefined();
    const second = await srpSignIn(idp, input);
    expect(await failureOf(answerTotp(idp, c.userPoolClientId, second, code))).toEqual(
      cognitoError('ExpiredCodeException', 'Your software token has already been used once.'),
    );
  });

  it('refuses the code just used to verify the authenticator: "…already been used once."', async () => {
    const { input, app } = await userWithTotp('totp-verify-code');
    const challenge = await srpSignIn(idp, input);
    expect(await failureOf(answerTotp(idp, c.userPoolClientId, challenge, app.lastCode))).toEqual(
      cognitoError('ExpiredCodeException', 'Your software token has already been used once.'),
    );
  });

  it('gives refresh tokens after the MFA challenge that work', async () => {
    const { input, app } = await userWithTotp('totp-refresh');
    const challenge = await srpSignIn(idp, input);
    const done = await answerTotp(idp, c.userPoolClientId, challenge, await app.next());
    const refreshed = await idp.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: c.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: done.AuthenticationResult?.RefreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });

  it('is turned off by AdminSetUserMFAPreference: sign-in gives tokens again', async () => {
    const { user, input } = await userWithTotp('totp-off');
    expect((await srpSignIn(idp, input)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    await idp.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: c.userPoolId,
        Username: user.email,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const admin = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: user.email }),
    );
    expect(admin.UserMFASettingList ?? []).toEqual([]);
    expect(admin.PreferredMfaSetting).toBeUndefined();
    const res = await srpSignIn(idp, input);
    expect(res.ChallengeName).toBeUndefined();
    expect(res.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });
});

describe('TOTP set-up errors', () => {
  const web = { userPoolId: c.userPoolId, clientId: c.userPoolClientId };

  it('refuses a wrong code at VerifySoftwareToken: EnableSoftwareTokenMFAException', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'totp-verify');
    const signedIn = await srpSignIn(idp, {
      ...web,
      username: user.email,
      password: user.password,
    });
    const accessToken = signedIn.AuthenticationResult?.AccessToken ?? '';
    const associated = await idp.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    const app = new Authenticator(associated.SecretCode ?? '');
    expect(
      await failureOf(
        idp.send(
          new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: app.wrongCode() }),
        ),
      ),
    ).toEqual(
      cognitoError(
        'EnableSoftwareTokenMFAException',
        'Code mismatch and fail enable Software Token MFA',
      ),
    );
  });

  it('refuses to enable TOTP that was associated but not verified: "User has not verified software token mfa"', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'totp-unverified');
    const signedIn = await srpSignIn(idp, {
      ...web,
      username: user.email,
      password: user.password,
    });
    const accessToken = signedIn.AuthenticationResult?.AccessToken ?? '';
    await idp.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    expect(
      await failureOf(
        idp.send(
          new SetUserMFAPreferenceCommand({
            AccessToken: accessToken,
            SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
          }),
        ),
      ),
    ).toEqual(
      cognitoError('InvalidParameterException', 'User has not verified software token mfa'),
    );
  });

  it('refuses to enable TOTP never associated: "User has not set up software token mfa"', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'totp-none');
    expect(
      await failureOf(
        idp.send(
          new AdminSetUserMFAPreferenceCommand({
            UserPoolId: c.userPoolId,
            Username: user.email,
            SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
          }),
        ),
      ),
    ).toEqual(cognitoError('InvalidParameterException', 'User has not set up software token mfa'));
  });
});

describe('a pool with MFA ON', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await createTestPool(idp, { name: 'mfa-on', mfa: 'ON' });
  });

  it('asks a user without an authenticator to set one up (MFA_SETUP), with the session, then gives tokens', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'mfa-setup');
    const input = {
      userPoolId: pool.userPoolId,
      clientId: pool.webClientId,
      username: user.email,
      password: user.password,
    };
    const setup = await srpSignIn(idp, input);
    expect(setup.ChallengeName).toBe('MFA_SETUP');
    expect(setup.ChallengeParameters).toMatchObject({
      MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]',
      USER_ID_FOR_SRP: user.username,
    });

    const associated = await idp.send(
      new AssociateSoftwareTokenCommand({ Session: setup.Session }),
    );
    expect(associated.SecretCode).toMatch(/^[A-Z2-7]+$/);
    expect(associated.Session).toEqual(expect.any(String));
    expect(associated.Session).not.toBe(setup.Session);
    const app = new Authenticator(associated.SecretCode ?? '');
    const verified = await idp.send(
      new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: await app.next() }),
    );
    expect(verified.Status).toBe('SUCCESS');
    expect(verified.Session).toEqual(expect.any(String));

    const done = await idp.send(
      new RespondToAuthChallengeCommand({
        ClientId: pool.webClientId,
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: user.username },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    expect(done.AuthenticationResult?.RefreshToken).toEqual(expect.any(String));

    // From now on every sign-in asks for a code.
    const next = await srpSignIn(idp, input);
    expect(next.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const again = await answerTotp(idp, pool.webClientId, next, await app.next());
    expect(again.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });

  it('refuses a made-up session at AssociateSoftwareToken: "Invalid session for the user."', async () => {
    expect(
      await failureOf(
        idp.send(new AssociateSoftwareTokenCommand({ Session: 'A'.repeat(40).concat('made-up') })),
      ),
    ).toEqual(cognitoError('NotAuthorizedException', 'Invalid session for the user.'));
  });
});
