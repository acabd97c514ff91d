import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordPolicy, policyViolation } from './password-policy';
import { useUsersCognito } from './users-fixture';

// cognito-local with the fidelity layer in front, driven by the SDK as the product drives it.
describe('user directory targets: creating users and their passwords', () => {
  const users = useUsersCognito();
  const {
    ctx,
    PASSWORD,
    running,
    createUser,
    confirmedUser,
    getUser,
    storedUser,
    meta,
    signIn,
    refreshOrigin,
    mailsTo,
  } = users;
  let client: CognitoIdentityProviderClient;
  let emailPool = '';
  let namePool = '';
  let clientId = '';
  beforeAll(() => {
    ({ client, emailPool, namePool, clientId } = users);
  });

  describe('AdminCreateUser', () => {
    it('refuses a TemporaryPassword that breaks the password policy', async () => {
      await expect(
        createUser({ Username: 'weak@example.com', TemporaryPassword: 'short' }),
      ).rejects.toMatchObject({
        name: 'InvalidPasswordException',
        message: 'Password does not conform to policy: Password not long enough',
      });
      await expect(getUser('weak@example.com')).rejects.toMatchObject({
        name: 'UserNotFoundException',
      });
    });

    it('generates a policy-conforming temporary password, records it and e-mails the invitation', async () => {
      const before = Date.now();
      const created = await client.send(
        new AdminCreateUserCommand({ UserPoolId: emailPool, Username: 'invited@example.com' }),
      );
      expect(created.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
      const username = created.User?.Username ?? '';
      const stored = await storedUser(username);
      const password = stored?.Password ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      const pool = await running().services.cognito.getUserPool(ctx, emailPool);
      expect(policyViolation(passwordPolicy(pool.options), password)).toBeUndefined();
      expect((await meta(username))?.temporaryPasswordAt).toBeGreaterThanOrEqual(before);
      // No phone number: the default SMS invitation goes by e-mail, with the pool's template.
      const mails = mailsTo('invited@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Your temporary password');
      expect(mails[0]?.text).toContain('invited@example.com');
      expect(mails[0]?.text).toContain(password);
    });

    it('sends nothing with SUPPRESS, and by e-mail when DesiredDeliveryMediums says EMAIL', async () => {
      await createUser({ Username: 'quiet@example.com' });
      expect(mailsTo('quiet@example.com')).toHaveLength(0);
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: emailPool,
          Username: 'loud@example.com',
          DesiredDeliveryMediums: ['EMAIL'],
          TemporaryPassword: 'Temp-Passw0rd',
        }),
      );
      expect(mailsTo('loud@example.com').map((m) => m.text.includes('Temp-Passw0rd'))).toEqual([
        true,
      ]);
    });

    it('answers a duplicate with the message for the pool kind', async () => {
      await createUser({ Username: 'twice@example.com' });
      await expect(createUser({ Username: 'twice@example.com' })).rejects.toMatchObject({
        name: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      });
      await createUser({ Username: 'twice' }, namePool);
      await expect(createUser({ Username: 'twice' }, namePool)).rejects.toMatchObject({
        name: 'UsernameExistsException',
        message: 'User account already exists',
      });
    });

    it('RESEND gives a FORCE_CHANGE_PASSWORD user a new temporary password and a new invitation', async () => {
      const created = await createUser({ Username: 'again@example.com' });
      const username = created.User?.Username ?? '';
      const firstPassword = (await storedUser(username))?.Password;
      const firstAt = (await meta(username))?.temporaryPasswordAt ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const resent = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: emailPool,
          Username: 'again@example.com',
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      expect(resent.User?.Username).toBe(username);
      const secondPassword = (await storedUser(username))?.Password ?? '';
      expect(secondPassword).not.toBe(firstPassword);
      expect((await meta(username))?.temporaryPasswordAt).toBeGreaterThan(firstAt);
      const mails = mailsTo('again@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(secondPassword);
    });

    it('RESEND answers an unknown user and a user past FORCE_CHANGE_PASSWORD as Cognito does', async () => {
      const resend = (username: string) =>
        client.send(
          new AdminCreateUserCommand({
            UserPoolId: emailPool,
            Username: username,
            MessageAction: 'RESEND',
          }),
        );
      await expect(resend('ghost@example.com')).rejects.toMatchObject({
        name: 'UserNotFoundException',
        message: 'User does not exist.',
      });
      await confirmedUser('settled@example.com');
      await expect(resend('settled@example.com')).rejects.toMatchObject({
        name: 'UnsupportedUserStateException',
        message: 'Resend not possible. settled@example.com status is not FORCE_CHANGE_PASSWORD.',
      });
    });
  });

  describe('AdminResetUserPassword', () => {
    it('requires a reset, ends sessions, and e-mails a code ConfirmForgotPassword accepts', async () => {
      const username = await confirmedUser('reset@example.com');
      const tokens = await signIn(username);
      await expect(refreshOrigin(tokens.RefreshToken)).resolves.toBeDefined();

      await client.send(
        new AdminResetUserPasswordCommand({ UserPoolId: emailPool, Username: 'reset@example.com' }),
      );
      expect((await getUser('reset@example.com')).UserStatus).toBe('RESET_REQUIRED');
      await expect(refreshOrigin(tokens.RefreshToken)).rejects.toMatchObject({
        message: 'Refresh Token has been revoked',
      });
      const stored = await storedUser(username);
      const code = stored?.ConfirmationCode ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect((await meta(username))?.resetCodeAt).toBeGreaterThan(0);
      const mails = mailsTo('reset@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(code);

      await client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: 'reset@example.com',
          ConfirmationCode: code,
          Password: 'N3w-Passw0rd!',
        }),
      );
      expect((await getUser('reset@example.com')).UserStatus).toBe('CONFIRMED');
    });

    it('answers unknown, disabled, unverified and FORCE_CHANGE_PASSWORD users as Cognito does', async () => {
      const reset = (username: string) =>
        client.send(
          new AdminResetUserPasswordCommand({ UserPoolId: emailPool, Username: username }),
        );
      await expect(reset('nobody@example.com')).rejects.toMatchObject({
        name: 'UserNotFoundException',
        message: 'User does not exist.',
      });
      await confirmedUser('off@example.com');
      await client.send(
        new AdminDisableUserCommand({ UserPoolId: emailPool, Username: 'off@example.com' }),
      );
      await expect(reset('off@example.com')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'User is disabled',
      });
      await confirmedUser('unverified@example.com', { email_verified: 'false' });
      await expect(reset('unverified@example.com')).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
      });
      await createUser({
        Username: 'fresh@example.com',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      });
      await expect(reset('fresh@example.com')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'User password cannot be reset in the current state.',
      });
    });
  });

  describe('AdminSetUserPassword', () => {
    it('enforces the policy; Permanent false makes a temporary password, true a permanent one', async () => {
      const created = await createUser({ Username: 'setpw@example.com' });
      const username = created.User?.Username ?? '';
      const set = (Password: string, Permanent: boolean) =>
        client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: emailPool,
            Username: 'setpw@example.com',
            Password,
            Permanent,
          }),
        );
      await expect(set('alllowercase1!', true)).rejects.toMatchObject({
        name: 'InvalidPasswordException',
        message: 'Password does not conform to policy: Password must have uppercase characters',
      });
      await set(PASSWORD, true);
      expect((await getUser(username)).UserStatus).toBe('CONFIRMED');
      expect((await meta(username))?.temporaryPasswordAt).toBeUndefined();
      const before = Date.now();
      await set('Temp0rary-pass', false);
      expect((await getUser(username)).UserStatus).toBe('FORCE_CHANGE_PASSWORD');
      expect((await meta(username))?.temporaryPasswordAt).toBeGreaterThanOrEqual(before);
      expect((await storedUser(username))?.Password).toBe('Temp0rary-pass');
    });
  });
});
