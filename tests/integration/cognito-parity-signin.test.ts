import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cognito,
  cognitoError,
  createConfirmedUser,
  createTestPool,
  createUser,
  failureOf,
  strongPassword,
  type TestPool,
  uniqueEmail,
  waitForMail,
} from '../support/aws';
import { srpSignIn, startSrpSignIn } from '../support/srp-client';

/**
 * Sign-in as real Cognito answers it, through the real AWS SDK: USER_SRP_AUTH with Amplify's own
 * SRP code, NEW_PASSWORD_REQUIRED, the errors and their exact messages, the lockout, challenge
 * sessions and the password policy. Expected names and messages are real Cognito's.
 */

const c = inject('console');
const idp = cognito(c);
const web = { userPoolId: c.userPoolId, clientId: c.userPoolClientId };

const INCORRECT = cognitoError('NotAuthorizedException', 'Incorrect username or password.');

/**
 * InvalidPasswordException. Real Cognito uses two prefixes ("Password did not conform with
 * policy: " for SignUp and "Password does not conform to policy: " elsewhere); which operation
 * uses which is UNCONF in the facts: this is the best guess, and what our layer answers.
 */
const policyError = (reason: string) =>
  cognitoError('InvalidPasswordException', `Password does not conform to policy: ${reason}`);

/** A made-up session: the length and alphabet of a real one, issued by nobody. */
const madeUpSession = () => randomBytes(900).toString('base64').slice(0, 1200);

/** The 6-digit code of the last e-mail to `address`. */
const lastCode = async (address: string, count: number) => {
  const mails = await waitForMail(c, address, count);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code in the last message to ${address}`);
  return code;
};

describe('USER_SRP_AUTH sign-in through the web client', () => {
  it('signs a confirmed user in with Amplify’s SRP client code', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'srp');
    const attempt = await startSrpSignIn(idp, {
      ...web,
      username: user.email,
      password: user.password,
    });
    const params = attempt.challenge.ChallengeParameters ?? {};
    expect(attempt.challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(params.SALT).toMatch(/^[0-9a-f]+$/i);
    expect(params.SRP_B).toMatch(/^[0-9a-f]+$/i);
    expect(params.SECRET_BLOCK).toEqual(expect.any(String));
    // In a pool whose usernames are e-mail addresses the SRP user id is the username (sub).
    expect(params.USER_ID_FOR_SRP).toBe(user.username);

    const res = await attempt.respond();
    expect(res.ChallengeName).toBeUndefined();
    expect(res.AuthenticationResult).toMatchObject({
      AccessToken: expect.any(String) as unknown,
      IdToken: expect.any(String) as unknown,
      RefreshToken: expect.any(String) as unknown,
      TokenType: 'Bearer',
      ExpiresIn: 3600,
    });
    const me = await idp.send(
      new GetUserCommand({ AccessToken: res.AuthenticationResult?.AccessToken ?? '' }),
    );
    expect(me.Username).toBe(user.username);
    expect(me.UserAttributes).toContainEqual({ Name: 'email', Value: user.email });
  });

  it('refuses a wrong password: NotAuthorizedException "Incorrect username or password."', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'wrong');
    expect(
      await failureOf(
        srpSignIn(idp, { ...web, username: user.email, password: `${user.password}x` }),
      ),
    ).toEqual(INCORRECT);
  });

  it('refuses a disabled user with the right password: "User is disabled."', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'disabled');
    await idp.send(new AdminDisableUserCommand({ UserPoolId: c.userPoolId, Username: user.email }));
    expect(
      await failureOf(srpSignIn(idp, { ...web, username: user.email, password: user.password })),
    ).toEqual(cognitoError('NotAuthorizedException', 'User is disabled.'));
  });

  it('answers an unknown user like a wrong password when the client hides user existence', async () => {
    const email = uniqueEmail('nobody');
    // No error at step one: a simulated PASSWORD_VERIFIER challenge, refused at step two.
    const attempt = await startSrpSignIn(idp, { ...web, username: email, password: 'Whatever1A' });
    expect(attempt.challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(await failureOf(attempt.respond())).toEqual(INCORRECT);
  });

  it('locks the account after five wrong passwords: the sixth attempt fails even when right', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'lockout');
    const input = { ...web, username: user.email };
    // Every attempt is started (and its SRP key derived) first, so that the sixth answer reaches
    // Cognito right after the fifth wrong one: the first lockout lasts one second.
    const wrong = await Promise.all(
      [1, 2, 3, 4, 5].map(() => startSrpSignIn(idp, { ...input, password: 'Wrong-Pass1' })),
    );
    const right = await startSrpSignIn(idp, { ...input, password: user.password });
    for (const attempt of wrong) expect(await failureOf(attempt.respond())).toEqual(INCORRECT);
    expect(await failureOf(right.respond())).toEqual(
      cognitoError('NotAuthorizedException', 'Password attempts exceeded'),
    );
  });
});

describe('a client with PreventUserExistenceErrors LEGACY', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await createTestPool(idp, { name: 'legacy' });
  });

  it('answers an unknown user with UserNotFoundException "User does not exist."', async () => {
    const email = uniqueEmail('nobody');
    const notFound = cognitoError('UserNotFoundException', 'User does not exist.');
    expect(
      await failureOf(
        srpSignIn(idp, {
          userPoolId: pool.userPoolId,
          clientId: pool.legacyClientId,
          username: email,
          password: 'Whatever1A',
        }),
      ),
    ).toEqual(notFound);
    expect(
      await failureOf(
        idp.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: pool.legacyClientId,
            AuthParameters: { USERNAME: email, PASSWORD: 'Whatever1A' },
          }),
        ),
      ),
    ).toEqual(notFound);
  });

  it('still answers a wrong password of a real user with "Incorrect username or password."', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'legacy-wrong');
    expect(
      await failureOf(
        idp.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: pool.legacyClientId,
            AuthParameters: { USERNAME: user.email, PASSWORD: `${user.password}x` },
          }),
        ),
      ),
    ).toEqual(INCORRECT);
  });
});

describe('NEW_PASSWORD_REQUIRED', () => {
  it('is asked only after the right temporary password, and sets the new one', async () => {
    const temporary = strongPassword();
    const user = await createUser(idp, c.userPoolId, {
      tag: 'invited',
      temporaryPassword: temporary,
    });
    const input = { ...web, username: user.email };
    expect(await failureOf(srpSignIn(idp, { ...input, password: `${temporary}x` }))).toEqual(
      INCORRECT,
    );

    const challenge = await srpSignIn(idp, { ...input, password: temporary });
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session).toEqual(expect.any(String));
    const params = challenge.ChallengeParameters ?? {};
    expect(params.USER_ID_FOR_SRP).toBe(user.username);
    expect(params.requiredAttributes).toBe('[]');
    expect(JSON.parse(params.userAttributes ?? 'null')).toEqual(expect.any(Object));

    const chosen = strongPassword();
    const done = await idp.send(
      new RespondToAuthChallengeCommand({
        ClientId: c.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: chosen },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    const after = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: user.email }),
    );
    expect(after.UserStatus).toBe('CONFIRMED');
    expect(
      (await srpSignIn(idp, { ...input, password: chosen })).AuthenticationResult,
    ).toBeDefined();
    expect(await failureOf(srpSignIn(idp, { ...input, password: temporary }))).toEqual(INCORRECT);
  });
});

describe('challenge sessions', () => {
  it('refuses a made-up Session: "Invalid session for the user."', async () => {
    const user = await createUser(idp, c.userPoolId, {
      tag: 'made-up',
      temporaryPassword: strongPassword(),
    });
    expect(
      await failureOf(
        idp.send(
          new RespondToAuthChallengeCommand({
            ClientId: c.userPoolClientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: madeUpSession(),
            ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: strongPassword() },
          }),
        ),
      ),
    ).toEqual(cognitoError('NotAuthorizedException', 'Invalid session for the user.'));
  });

  it('refuses a session used again after it succeeded: "…session can only be used once."', async () => {
    const temporary = strongPassword();
    const user = await createUser(idp, c.userPoolId, {
      tag: 'reused',
      temporaryPassword: temporary,
    });
    const challenge = await srpSignIn(idp, { ...web, username: user.email, password: temporary });
    const answer = () =>
      idp.send(
        new RespondToAuthChallengeCommand({
          ClientId: c.userPoolClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: strongPassword() },
        }),
      );
    expect((await answer()).AuthenticationResult).toBeDefined();
    expect(await failureOf(answer())).toEqual(
      cognitoError(
        'NotAuthorizedException',
        'Invalid session for the user, session can only be used once.',
      ),
    );
  });

  // "Invalid session for the user, session is expired." needs the session to outlive its three
  // minutes. The console's clock lives in the vitest main process (global setup), out of reach
  // of this worker, and waiting three minutes is not worth it: the expiry is covered by the
  // mock-server tests (src/cognito/fidelity.test.ts, through the SDK with a moved clock).
});

describe('the password policy (min 8, upper, lower, digit)', () => {
  it('is enforced on NEW_PASSWORD_REQUIRED', async () => {
    const temporary = strongPassword();
    const user = await createUser(idp, c.userPoolId, {
      tag: 'policy-npr',
      temporaryPassword: temporary,
    });
    const challenge = await srpSignIn(idp, { ...web, username: user.email, password: temporary });
    expect(
      await failureOf(
        idp.send(
          new RespondToAuthChallengeCommand({
            ClientId: c.userPoolClientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: challenge.Session,
            ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: 'Short1a' },
          }),
        ),
      ),
    ).toEqual(policyError('Password not long enough'));
  });

  it('is enforced on ChangePassword (after the previous password is checked)', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'policy-change');
    const tokens = await srpSignIn(idp, { ...web, username: user.email, password: user.password });
    const accessToken = tokens.AuthenticationResult?.AccessToken ?? '';
    const change = (previous: string, proposed: string) =>
      idp.send(
        new ChangePasswordCommand({
          AccessToken: accessToken,
          PreviousPassword: previous,
          ProposedPassword: proposed,
        }),
      );
    expect(await failureOf(change(`${user.password}x`, strongPassword()))).toEqual(INCORRECT);
    expect(await failureOf(change(user.password, 'alllowercase1'))).toEqual(
      policyError('Password must have uppercase characters'),
    );
    const chosen = strongPassword();
    await change(user.password, chosen);
    const again = await srpSignIn(idp, { ...web, username: user.email, password: chosen });
    expect(again.AuthenticationResult).toBeDefined();
  });

  it('is enforced on ConfirmForgotPassword', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'policy-forgot');
    await idp.send(
      new ForgotPasswordCommand({ ClientId: c.userPoolClientId, Username: user.email }),
    );
    const code = await lastCode(user.email, 1);
    expect(
      await failureOf(
        idp.send(
          new ConfirmForgotPasswordCommand({
            ClientId: c.userPoolClientId,
            Username: user.email,
            ConfirmationCode: code,
            Password: 'ALLUPPERCASE1',
          }),
        ),
      ),
    ).toEqual(policyError('Password must have lowercase characters'));
  });

  it('is enforced on AdminSetUserPassword, permanent or not', async () => {
    const user = await createConfirmedUser(idp, c.userPoolId, 'policy-admin');
    for (const permanent of [true, false]) {
      expect(
        await failureOf(
          idp.send(
            new AdminSetUserPasswordCommand({
              UserPoolId: c.userPoolId,
              Username: user.email,
              Password: 'NoDigitsHere',
              Permanent: permanent,
            }),
          ),
        ),
      ).toEqual(policyError('Password must have numeric characters'));
    }
  });

  it('is enforced on AdminCreateUser’s TemporaryPassword', async () => {
    const email = uniqueEmail('policy-create');
    expect(
      await failureOf(
        idp.send(
          new AdminCreateUserCommand({
            UserPoolId: c.userPoolId,
            Username: email,
            MessageAction: 'SUPPRESS',
            TemporaryPassword: 'Short1a',
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        ),
      ),
    ).toEqual(policyError('Password not long enough'));
    // Nothing was created.
    expect(
      await failureOf(
        idp.send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: email })),
      ),
    ).toEqual(cognitoError('UserNotFoundException', 'User does not exist.'));
  });
});
