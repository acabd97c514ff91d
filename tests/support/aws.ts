import { cognitoPasswordPolicy } from '@ccsc/contract/password-policy';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandOutput,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { generateSync } from 'otplib';
import type { ConsoleInfo } from './global-setup';
import { callApi } from './api';
import { srpSignIn } from './srp-client';

/** Placeholder credentials the local emulators accept; not real ones. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export const cognito = (c: ConsoleInfo) =>
  new CognitoIdentityProviderClient({
    region: c.region,
    endpoint: c.cognitoEndpoint,
    credentials: LOCAL_CREDENTIALS,
  });

/** The console's DynamoDB stand-in, as a document client (to read or tamper with a table). */
export const dynamodbDocuments = (c: ConsoleInfo) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: c.region,
      endpoint: c.dynamodbEndpoint,
      credentials: LOCAL_CREDENTIALS,
    }),
  );

export interface TestUser {
  email: string;
  userName: string;
  password: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export type TestRole = 'PlatformAdmin' | 'OrgAdmin' | 'Auditor';

/** A confirmed user in a role group, with a permanent password, not signed in. */
export const createRoleUser = async (
  c: ConsoleInfo,
  role: TestRole,
  organisationId?: string,
  email = `it-${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
): Promise<{ email: string; userName: string; password: string }> => {
  const client = cognito(c);
  const password = `Pw-${randomUUID().slice(0, 8)}A1`;
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: c.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        // The role is the group alone (below): no custom:role, as the console writes users.
        ...(organisationId === undefined
          ? []
          : [{ Name: 'custom:organisationId', Value: organisationId }]),
      ],
    }),
  );
  const userName = created.User?.Username ?? email;
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: c.userPoolId,
      Username: userName,
      Password: password,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: c.userPoolId,
      Username: userName,
      GroupName: role,
    }),
  );
  return { email, userName, password };
};

/** Why a web sign-in ended without tokens: the challenge Cognito asked (or none). */
export class SignInIncomplete extends Error {
  constructor(
    readonly email: string,
    readonly challengeName: string | undefined,
  ) {
    super(`sign-in of ${email} returned no tokens (challenge ${challengeName ?? '-'})`);
  }
}

/**
 * Signs in through the web client with SRP, as the web app does, answering the
 * SOFTWARE_TOKEN_MFA challenge with the authenticator when Cognito asks for it.
 */
export const signInWeb = async (
  c: ConsoleInfo,
  credentials: { email: string; password: string },
  authenticator?: Authenticator,
): Promise<Pick<TestUser, 'idToken' | 'accessToken' | 'refreshToken'>> => {
  const client = cognito(c);
  let auth: RespondToAuthChallengeCommandOutput = await srpSignIn(client, {
    userPoolId: c.userPoolId,
    clientId: c.userPoolClientId,
    username: credentials.email,
    password: credentials.password,
  });
  if (auth.ChallengeName === 'SOFTWARE_TOKEN_MFA' && authenticator !== undefined) {
    auth = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: c.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: auth.Session,
        ChallengeResponses: {
          USERNAME: auth.ChallengeParameters?.USER_ID_FOR_SRP ?? credentials.email,
          SOFTWARE_TOKEN_MFA_CODE: await authenticator.next(),
        },
      }),
    );
  }
  const r = auth.AuthenticationResult;
  if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
    throw new SignInIncomplete(credentials.email, auth.ChallengeName);
  }
  return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken };
};

/**
 * Creates a confirmed user in a role group and signs them in with SRP through the web client, as
 * the web app does (the pool's MFA is optional and these users have none: tokens at once). The
 * API refuses such a user everywhere but the calls allowed before MFA (403
 * MFA_ENROLMENT_REQUIRED): for a user who may use the console, see createEnrolledUser.
 */
export const createSignedInUser = async (c: ConsoleInfo, role: TestRole): Promise<TestUser> => {
  const user = await createRoleUser(c, role);
  return { ...user, ...(await signInWeb(c, user)) };
};

export interface EnrolledTestUser extends TestUser {
  /** The user's authenticator app (codes for later sign-ins). */
  authenticator: Authenticator;
}

/**
 * A user as every administrator of the console is: signed in once, authenticator app enrolled
 * with the access token (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference
 * enabled and preferred, as the web app's enrolment does), then signed in again, now answering
 * Cognito's SOFTWARE_TOKEN_MFA challenge. The tokens are those of the second sign-in.
 */
export const createEnrolledUser = async (
  c: ConsoleInfo,
  role: TestRole,
  organisationId?: string,
  email?: string,
): Promise<EnrolledTestUser> => {
  const client = cognito(c);
  const user = await createRoleUser(c, role, organisationId, email);
  const first = await signInWeb(c, user);
  const associated = await client.send(
    new AssociateSoftwareTokenCommand({ AccessToken: first.accessToken }),
  );
  const authenticator = new Authenticator(associated.SecretCode ?? '');
  const verified = await client.send(
    new VerifySoftwareTokenCommand({
      AccessToken: first.accessToken,
      UserCode: await authenticator.next(),
      FriendlyDeviceName: 'integration test',
    }),
  );
  if (verified.Status !== 'SUCCESS') throw new Error(`TOTP enrolment of ${user.email} failed`);
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: first.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  const second = await signInWeb(c, user, authenticator);
  // What the web app does after every sign-in: redirectUser records it and brings the user's row
  // of the user index up to date (the user list shows the account from then on).
  const recorded = await callApi(c, 'redirectUser?logLogin=true', { token: second.idToken });
  if (recorded.status !== 200)
    throw new Error(`redirectUser for ${user.email}: ${recorded.status}`);
  return { ...user, ...second, authenticator };
};

/**
 * The invited user at `email` (an invitation in the inbox) signs in for the first time as the
 * web app does: the temporary password from the newest invitation, a new password
 * (NEW_PASSWORD_REQUIRED), the authenticator enrolled, a second sign-in with its code, and
 * redirectUser.
 */
export const acceptInvitation = async (
  c: ConsoleInfo,
  email: string,
): Promise<EnrolledTestUser> => {
  const client = cognito(c);
  const mails = await waitForMail(c, email);
  const invitation = [...mails].reverse().find((m) => /temporary password is \S+/.test(m.text));
  const temporary = /temporary password is (\S+)/.exec(invitation?.text ?? '')?.[1];
  if (temporary === undefined) throw new Error(`no invitation to ${email} in the inbox`);
  const password = strongPassword();
  const challenged = await srpSignIn(client, {
    userPoolId: c.userPoolId,
    clientId: c.userPoolClientId,
    username: email,
    password: temporary,
  });
  if (challenged.ChallengeName !== 'NEW_PASSWORD_REQUIRED') {
    throw new SignInIncomplete(email, challenged.ChallengeName);
  }
  const answered = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: c.userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenged.Session,
      ChallengeResponses: {
        USERNAME: challenged.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
        NEW_PASSWORD: password,
      },
    }),
  );
  const accessToken = answered.AuthenticationResult?.AccessToken;
  if (accessToken === undefined) throw new SignInIncomplete(email, answered.ChallengeName);
  const associated = await client.send(
    new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
  );
  const authenticator = new Authenticator(associated.SecretCode ?? '');
  await client.send(
    new VerifySoftwareTokenCommand({
      AccessToken: accessToken,
      UserCode: await authenticator.next(),
    }),
  );
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  const tokens = await signInWeb(c, { email, password }, authenticator);
  const recorded = await callApi(c, 'redirectUser?firstLogin=true', { token: tokens.idToken });
  if (recorded.status !== 200) throw new Error(`redirectUser for ${email}: ${recorded.status}`);
  const sub = JSON.parse(
    Buffer.from(tokens.idToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as {
    sub: string;
  };
  return { email, userName: sub.sub, password, ...tokens, authenticator };
};

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

const TOTP_STEP_SECONDS = 30;

/** The current 30-second TOTP step. */
const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);

/** The authenticator-app code (RFC 6238, SHA-1, 6 digits) of `secret` (base32) for `step`. */
export const totpAt = (secret: string, step: number) =>
  generateSync({ secret, epoch: step * TOTP_STEP_SECONDS });

/**
 * An authenticator app for one secret. Cognito accepts each code once and, for clock drift, the
 * codes of the neighbouring steps too: `next()` hands out a code of a step not used yet (the
 * previous, current or next one), waiting for time to move on only when all are used, so a test
 * can sign in several times without sleeping 30 seconds each time. The previous step is only
 * used while the current one has a few seconds left, so the server, checking a moment later,
 * still counts it as a neighbour.
 */
export class Authenticator {
  private lastStep = -Infinity;
  /** The code `next()` returned last. */
  lastCode = '';

  constructor(readonly secret: string) {}

  async next(): Promise<string> {
    for (;;) {
      const now = currentStep();
      const leftMs = (now + 1) * TOTP_STEP_SECONDS * 1000 - Date.now();
      const step = Math.max(this.lastStep + 1, leftMs > 3_000 ? now - 1 : now);
      if (step <= now + 1) {
        this.lastStep = step;
        this.lastCode = totpAt(this.secret, step);
        return this.lastCode;
      }
      await delay(leftMs + 100);
    }
  }

  /** A well-formed code that is not the code of the previous, current or next step. */
  wrongCode(): string {
    const now = currentStep();
    const valid = new Set([now - 1, now, now + 1, now + 2].map((s) => totpAt(this.secret, s)));
    let code = 123456;
    while (valid.has(String(code).padStart(6, '0'))) code = (code + 1) % 1_000_000;
    return String(code).padStart(6, '0');
  }
}

/** A message in the local inbox (maildev's REST API: GET /api/email). */
export interface Mail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** The messages sent to `address` so far, oldest first. */
export const mailTo = async (c: ConsoleInfo, address: string): Promise<Mail[]> => {
  const res = await fetch(`${c.mailUi}/api/email`);
  const all = (await res.json()) as Mail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
};

/** Waits (briefly: SMTP delivery is asynchronous) until `address` has `count` messages. */
export const waitForMail = async (c: ConsoleInfo, address: string, count = 1) => {
  for (let i = 0; i < 100; i += 1) {
    const mails = await mailTo(c, address);
    if (mails.length >= count) return mails;
    await delay(50);
  }
  const mails = await mailTo(c, address);
  throw new Error(`expected ${count} message(s) to ${address}, found ${mails.length}`);
};
