/**
 * Passwords as real Cognito handles them, through the AWS SDK: invitations (and RESEND) and codes
 * arriving in the inbox from the pool's templates, the administrator's password reset and the
 * forgot-password flow. The user directory's lists and auth events: cognito-parity-users.
 */
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cognito,
  cognitoError,
  createConfirmedUser,
  createTestPool,
  createUser,
  failureOf,
  PARITY_TEMPLATES,
  strongPassword,
  type TestPool,
  uniqueEmail,
  waitForMail,
} from '../support/aws';
import { srpSignIn } from '../support/srp-client';

const c = inject('console');
const idp = cognito(c);

const INCORRECT = cognitoError('NotAuthorizedException', 'Incorrect username or password.');
const NOT_FOUND = cognitoError('UserNotFoundException', 'User does not exist.');
const CODE_MISMATCH = cognitoError(
  'CodeMismatchException',
  'Invalid verification code provided, please try again.',
);

/** The temporary password of an invitation from the parity pools' template. */
const invitedPassword = (text: string, email: string) => {
  const match = /^Welcome (.+)! Your temporary password is (.+) \(parity pool\)\.$/.exec(
    text.trim(),
  );
  expect(match?.[1]).toBe(email);
  return match?.[2] ?? '';
};

/** The code of a message from the parity pools' verification template. */
const verificationCode = (text: string) => {
  const match = /^Your parity pool code is (\d{6})\.$/.exec(text.trim());
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
};

describe('invitations', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await createTestPool(idp, { name: 'invite' });
  });

  const invite = (email: string, action?: 'RESEND') =>
    idp.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        ...(action === undefined ? {} : { MessageAction: action }),
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );

  const signIn = (email: string, password: string) =>
    srpSignIn(idp, {
      userPoolId: pool.userPoolId,
      clientId: pool.webClientId,
      username: email,
      password,
    });

  it('arrive in the inbox from the pool’s template, with a temporary password that works', async () => {
    const email = uniqueEmail('invite');
    await invite(email);
    const [mail] = await waitForMail(c, email, 1);
    expect(mail?.subject).toBe(PARITY_TEMPLATES.invitationSubject);
    // {username} is the address the person signs in with (our layer's choice; the facts file
    // does not say what Cognito puts there in an e-mail-username pool).
    const temporary = invitedPassword(mail?.text ?? '', email);
    expect((await signIn(email, temporary)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('of the console’s pool use its template', async () => {
    const email = uniqueEmail('invite-console');
    const described = await idp.send(new DescribeUserPoolCommand({ UserPoolId: c.userPoolId }));
    const template = described.UserPool?.AdminCreateUserConfig?.InviteMessageTemplate;
    expect(template?.EmailSubject).toEqual(expect.any(String));
    await idp.send(
      new AdminCreateUserCommand({
        UserPoolId: c.userPoolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const [mail] = await waitForMail(c, email, 1);
    expect(mail?.subject).toBe(template?.EmailSubject);
    expect(mail?.html).toContain(email);
  });

  it('are sent again by MessageAction RESEND, with a new temporary password', async () => {
    const email = uniqueEmail('resend');
    await invite(email);
    const first = invitedPassword((await waitForMail(c, email, 1))[0]?.text ?? '', email);
    await invite(email, 'RESEND');
    const mails = await waitForMail(c, email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(PARITY_TEMPLATES.invitationSubject);
    const second = invitedPassword(mails[1]?.text ?? '', email);
    expect(second).not.toBe(first);
    expect(await failureOf(signIn(email, first))).toEqual(INCORRECT);
    expect((await signIn(email, second)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('cannot be resent to a user who does not exist: "User does not exist."', async () => {
    expect(await failureOf(invite(uniqueEmail('resend-nobody'), 'RESEND'))).toEqual(NOT_FOUND);
  });

  it('cannot be resent to a user who already chose a password: UnsupportedUserStateException', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'resend-confirmed');
    // The message is UNCONF; the exception name is Cognito's.
    expect((await failureOf(invite(user.email, 'RESEND'))).name).toBe(
      'UnsupportedUserStateException',
    );
  });
});

describe('AdminResetUserPassword', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await createTestPool(idp, { name: 'reset' });
  });

  it('requires a reset at the next sign-in; the code in the inbox completes it', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'reset');
    await idp.send(
      new AdminResetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    const status = await idp.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    expect(status.UserStatus).toBe('RESET_REQUIRED');
    const [mail] = await waitForMail(c, user.email, 1);
    expect(mail?.subject).toBe(PARITY_TEMPLATES.verificationSubject);
    const code = verificationCode(mail?.text ?? '');

    // A LEGACY client (what the facts document for the admin reset) is told why.
    const legacy = {
      userPoolId: pool.userPoolId,
      clientId: pool.legacyClientId,
      username: user.email,
    };
    expect(await failureOf(srpSignIn(idp, { ...legacy, password: user.password }))).toEqual(
      cognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
    );

    const chosen = strongPassword();
    await idp.send(
      new ConfirmForgotPasswordCommand({
        ClientId: pool.webClientId,
        Username: user.email,
        ConfirmationCode: code,
        Password: chosen,
      }),
    );
    const after = await idp.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    expect(after.UserStatus).toBe('CONFIRMED');
    const res = await srpSignIn(idp, { ...legacy, password: chosen });
    expect(res.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });

  it('refuses a user who still has a temporary password', async () => {
    const user = await createUser(idp, pool.userPoolId, {
      tag: 'reset-invited',
      temporaryPassword: strongPassword(),
    });
    expect(
      await failureOf(
        idp.send(
          new AdminResetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
        ),
      ),
    ).toEqual(
      cognitoError('NotAuthorizedException', 'User password cannot be reset in the current state.'),
    );
  });

  it('refuses a disabled user: "User is disabled"', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'reset-disabled');
    await idp.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    expect(
      await failureOf(
        idp.send(
          new AdminResetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
        ),
      ),
    ).toEqual(cognitoError('NotAuthorizedException', 'User is disabled'));
  });
});

describe('ForgotPassword and ConfirmForgotPassword', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await createTestPool(idp, { name: 'forgot' });
  });

  const confirm = (email: string, code: string, password: string, clientId = pool.webClientId) =>
    idp.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: code,
        Password: password,
      }),
    );

  it('send a code to the inbox from the pool’s template; the code sets a new password once', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'forgot');
    const sent = await idp.send(
      new ForgotPasswordCommand({ ClientId: pool.webClientId, Username: user.email }),
    );
    expect(sent.CodeDeliveryDetails).toEqual({
      Destination: `p***@e***`,
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const [mail] = await waitForMail(c, user.email, 1);
    expect(mail?.subject).toBe(PARITY_TEMPLATES.verificationSubject);
    const code = verificationCode(mail?.text ?? '');
    const wrong = code === '000000' ? '000001' : '000000';

    expect(await failureOf(confirm(user.email, wrong, strongPassword()))).toEqual(
      cognitoError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      ),
    );
    const chosen = strongPassword();
    await confirm(user.email, code, chosen);
    const input = { userPoolId: pool.userPoolId, clientId: pool.webClientId, username: user.email };
    expect(
      (await srpSignIn(idp, { ...input, password: chosen })).AuthenticationResult,
    ).toBeDefined();
    expect(await failureOf(srpSignIn(idp, { ...input, password: user.password }))).toEqual(
      INCORRECT,
    );
    // Used once: asking again with it is answered as an expired code.
    expect(await failureOf(confirm(user.email, code, strongPassword()))).toEqual(
      cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
    );
  });

  it('answer an unknown user with a simulated delivery when the client hides user existence', async () => {
    const email = uniqueEmail('forgot-nobody');
    const sent = await idp.send(
      new ForgotPasswordCommand({ ClientId: pool.webClientId, Username: email }),
    );
    expect(sent.CodeDeliveryDetails).toEqual({
      Destination: 'p***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
  });

  it('answer an unknown user with "Username/client id combination not found." when LEGACY', async () => {
    expect(
      await failureOf(
        idp.send(
          new ForgotPasswordCommand({
            ClientId: pool.legacyClientId,
            Username: uniqueEmail('forgot-nobody'),
          }),
        ),
      ),
    ).toEqual(cognitoError('UserNotFoundException', 'Username/client id combination not found.'));
  });

  it('refuse a confirmation when no code was requested: ExpiredCodeException', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'forgot-none');
    expect(await failureOf(confirm(user.email, '123456', strongPassword()))).toEqual(
      cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
    );
  });

  // With PreventUserExistenceErrors ENABLED, ConfirmForgotPassword "returns the
  // CodeMismatchException error for users that don't exist or are disabled" (developer guide,
  // "Managing user existence error responses").
  it('refuse an unknown user like a wrong code when the client hides user existence', async () => {
    expect(
      await failureOf(confirm(uniqueEmail('forgot-nobody'), '123456', strongPassword())),
    ).toEqual(CODE_MISMATCH);
  });

  it('refuse a disabled user like a wrong code when the client hides user existence, even with the right code', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'forgot-disabled');
    await idp.send(new ForgotPasswordCommand({ ClientId: pool.webClientId, Username: user.email }));
    const [mail] = await waitForMail(c, user.email, 1);
    const code = verificationCode(mail?.text ?? '');
    await idp.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    expect(await failureOf(confirm(user.email, code, strongPassword()))).toEqual(CODE_MISMATCH);
  });

  it('answer an unknown user with UserNotFoundException when LEGACY', async () => {
    // The message is UNCONF: field reports show "Username/client id combination not found." for
    // ConfirmForgotPassword; the exception name is Cognito's.
    expect(
      (
        await failureOf(
          confirm(uniqueEmail('forgot-nobody'), '123456', strongPassword(), pool.legacyClientId),
        )
      ).name,
    ).toBe('UserNotFoundException');
  });

  it('refuse wrong codes until the attempt limit, then LimitExceededException', async () => {
    const user = await createConfirmedUser(idp, pool.userPoolId, 'forgot-limit');
    await idp.send(new ForgotPasswordCommand({ ClientId: pool.webClientId, Username: user.email }));
    const [mail] = await waitForMail(c, user.email, 1);
    const wrong = verificationCode(mail?.text ?? '') === '000000' ? '000001' : '000000';
    // The SDK retries LimitExceededException as throttling; one attempt shows Cognito's answer.
    const once = new CognitoIdentityProviderClient({
      region: c.region,
      endpoint: c.cognitoEndpoint,
      credentials: idp.config.credentials,
      maxAttempts: 1,
    });
    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await failureOf(
        once.send(
          new ConfirmForgotPasswordCommand({
            ClientId: pool.webClientId,
            Username: user.email,
            ConfirmationCode: wrong,
            Password: strongPassword(),
          }),
        ),
      );
      answers.push(answer);
      if (answer.name !== 'CodeMismatchException') break;
    }
    once.destroy();
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => CODE_MISMATCH));
    expect(answers.at(-1)).toEqual(
      cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    );
  });
});
