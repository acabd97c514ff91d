// Cognito pools of a test's own (the parity suite) and their users, and how a Cognito call failed.
import { cognitoPasswordPolicy } from '@ccsc/contract/password-policy';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderServiceException,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';

/** How a Cognito call failed, as the SDK reports it: exception name, message, HTTP status. */
export interface CognitoFailure {
  name: string;
  message: string;
  status: number | undefined;
}

/** The Cognito error `call` fails with; a success (or any other error) fails the test. */
export const failureOf = async (call: Promise<unknown>): Promise<CognitoFailure> => {
  try {
    await call;
  } catch (err) {
    if (err instanceof CognitoIdentityProviderServiceException) {
      return { name: err.name, message: err.message, status: err.$metadata.httpStatusCode };
    }
    throw err;
  }
  throw new Error('expected the Cognito call to fail, but it succeeded');
};

/** A Cognito error answer as real Cognito gives it: HTTP 400 with this name and message. */
export const cognitoError = (name: string, message: string): CognitoFailure => ({
  name,
  message,
  status: 400,
});

/** A fresh address nobody else's test uses. */
export const uniqueEmail = (tag: string) => `parity-${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** A password the pools' policy accepts (8+, upper, lower, digit; no symbol needed). */
export const strongPassword = () => `Pw${randomUUID().slice(0, 8)}xY7`;

/** The templates of the pools the parity tests create, recognisable in the inbox. */
export const PARITY_TEMPLATES = {
  invitationSubject: 'Parity pool invitation',
  invitationMessage: 'Welcome {username}! Your temporary password is {####} (parity pool).',
  verificationSubject: 'Parity pool code',
  verificationMessage: 'Your parity pool code is {####}.',
} as const;

export interface TestPool {
  userPoolId: string;
  /** Like the console's web client: no secret, SRP + refresh, user existence errors hidden. */
  webClientId: string;
  /** PreventUserExistenceErrors LEGACY, and the password flows too. */
  legacyClientId: string;
}

/**
 * A pool of a test's own beside the console's, configured like it (e-mail usernames, the same
 * password policy, recovery by verified e-mail) with templates of its own, and the MFA setting
 * and threat protection the test asks for.
 */
export const createTestPool = async (
  client: CognitoIdentityProviderClient,
  options: { name: string; mfa?: 'OFF' | 'ON' | 'OPTIONAL'; advancedSecurity?: boolean },
): Promise<TestPool> => {
  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: `parity-${options.name}-${randomUUID().slice(0, 8)}`,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: cognitoPasswordPolicy(),
      },
      ...(options.advancedSecurity === true
        ? { UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } }
        : {}),
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      AdminCreateUserConfig: {
        AllowAdminCreateUserOnly: true,
        InviteMessageTemplate: {
          EmailSubject: PARITY_TEMPLATES.invitationSubject,
          EmailMessage: PARITY_TEMPLATES.invitationMessage,
          SMSMessage: PARITY_TEMPLATES.invitationMessage,
        },
      },
      VerificationMessageTemplate: {
        DefaultEmailOption: 'CONFIRM_WITH_CODE',
        EmailSubject: PARITY_TEMPLATES.verificationSubject,
        EmailMessage: PARITY_TEMPLATES.verificationMessage,
      },
    }),
  );
  const userPoolId = created.UserPool?.Id;
  if (userPoolId === undefined) throw new Error('CreateUserPool returned no pool id');
  if (options.mfa !== undefined && options.mfa !== 'OFF') {
    await client.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: options.mfa,
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
  }
  const web = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'parity-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    }),
  );
  const legacy = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'parity-legacy',
      GenerateSecret: false,
      ExplicitAuthFlows: [
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ],
      PreventUserExistenceErrors: 'LEGACY',
      EnableTokenRevocation: true,
    }),
  );
  const webClientId = web.UserPoolClient?.ClientId;
  const legacyClientId = legacy.UserPoolClient?.ClientId;
  if (webClientId === undefined || legacyClientId === undefined) {
    throw new Error('CreateUserPoolClient returned no client id');
  }
  return { userPoolId, webClientId, legacyClientId };
};

export interface PoolUser {
  email: string;
  /** Cognito's username: the sub, in a pool whose usernames are e-mail addresses. */
  username: string;
  password: string;
}

/** A user with a verified e-mail address, created by an administrator without an invitation. */
export const createUser = async (
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  options: { tag: string; temporaryPassword?: string },
): Promise<PoolUser> => {
  const email = uniqueEmail(options.tag);
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      ...(options.temporaryPassword === undefined
        ? {}
        : { TemporaryPassword: options.temporaryPassword }),
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  return {
    email,
    username: created.User?.Username ?? email,
    password: options.temporaryPassword ?? '',
  };
};

/** A confirmed user with a permanent password (status CONFIRMED, no MFA). */
export const createConfirmedUser = async (
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  tag: string,
): Promise<PoolUser> => {
  const user = await createUser(client, userPoolId, { tag });
  const password = strongPassword();
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      Password: password,
      Permanent: true,
    }),
  );
  return { ...user, password };
};
