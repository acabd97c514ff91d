import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandOutput,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { ConsoleInfo } from './global-setup';
import { callApi } from './api';
import { srpSignIn } from './srp-client';
import { strongPassword } from './cognito-pools';
import { waitForMail } from './mail';
import { Authenticator } from './totp';

// The test pools, the authenticator app and the inbox have files of their own; tests import
// them from here as before.
export * from './cognito-pools';
export * from './mail';
export * from './totp';

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
