import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { ConsoleInfo } from './global-setup';

/** Placeholder credentials the local emulators accept; not real ones. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export const cognito = (c: ConsoleInfo) =>
  new CognitoIdentityProviderClient({
    region: c.region,
    endpoint: c.cognitoEndpoint,
    credentials: LOCAL_CREDENTIALS,
  });

export interface TestUser {
  email: string;
  userName: string;
  password: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Creates a confirmed user in a role group and signs them in with the admin password flow. */
export const createSignedInUser = async (
  c: ConsoleInfo,
  role: 'PlatformAdmin' | 'OrgAdmin' | 'Auditor',
): Promise<TestUser> => {
  const client = cognito(c);
  const email = `it-${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID().slice(0, 8)}A1`;
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: c.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: role },
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
  const auth = await client.send(
    new AdminInitiateAuthCommand({
      UserPoolId: c.userPoolId,
      ClientId: c.userPoolClientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const r = auth.AuthenticationResult;
  if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
    throw new Error(
      `sign-in of ${email} returned no tokens (challenge ${auth.ChallengeName ?? '-'})`,
    );
  }
  return {
    email,
    userName,
    password,
    idToken: r.IdToken,
    accessToken: r.AccessToken,
    refreshToken: r.RefreshToken,
  };
};
