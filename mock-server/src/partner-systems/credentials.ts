import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { srpSignIn } from '../cognito';
import type { SimulatorState, SystemCredential } from './state';

/**
 * How the simulated partner systems get credentials of their own: exactly as a vendor's do. An
 * administrator issues each system a credential in the console (generateApiCredential: a Cognito
 * app client with client_credentials and the scopes, recorded as pending, its single-use link
 * e-mailed to the system's contact), and the contact redeems the link (decription) for the client
 * id and secret. Both calls go to the running console over HTTP, with the administrator's ID
 * token from an SRP sign-in with an authenticator code, as the web app makes them, so the
 * credential list, the audit trail and the inbox show them as they show any.
 *
 * The administrator is the seeded platform operator (seed-network.ts SEED_ADMINS.platform), made
 * a PlatformAdmin in the user pool the way provisioning makes the bootstrap administrator, with a
 * password and an authenticator secret of its own, kept in the data folder (state.ts).
 */

export interface ConsoleEndpoints {
  /** Where the console answers (its /ccsc/ui/ and /ccsc/api/v1/). */
  consoleUrl: string;
  region: string;
  /** Where this process reaches Cognito. */
  cognitoEndpoint: string;
  userPoolId: string;
  /** The web app's client: the one administrators sign in through. */
  userPoolClientId: string;
  /** The local inbox's REST API (maildev): where the contact reads the link mail. */
  mailUi: string;
}

export type Operator = NonNullable<SimulatorState['operator']>;

const cognitoOf = (c: ConsoleEndpoints) =>
  new CognitoIdentityProviderClient({
    region: c.region,
    endpoint: c.cognitoEndpoint,
    // The stand-in checks no signature: placeholders, not real credentials.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const TOTP_STEP_SECONDS = 30;
/** The authenticator steps used so far, per secret: Cognito takes each code once. */
const lastStepOf = new Map<string, number>();

/** The operator's authenticator app: a code of a step not used yet (this one or the next). */
const totpCode = (secret: string): string => {
  const now = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);
  const step = Math.max(now, (lastStepOf.get(secret) ?? -1) + 1);
  if (step > now + 1) throw new Error('No authenticator code left in this half minute');
  lastStepOf.set(secret, step);
  return generateSync({ secret, epoch: step * TOTP_STEP_SECONDS });
};

const password = () => `Sim-${randomBytes(12).toString('base64url')}9a`;

/**
 * The operator's account: a confirmed PlatformAdmin with a permanent password, then its
 * authenticator enrolled as the web app enrols one (AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference). Made once per data folder.
 */
export const createOperator = async (c: ConsoleEndpoints, email: string): Promise<Operator> => {
  const cognito = cognitoOf(c);
  try {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: c.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const userName = created.User?.Username ?? email;
    const operator = { email, password: password(), totpSecret: '' };
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: c.userPoolId,
        Username: userName,
        Password: operator.password,
        Permanent: true,
      }),
    );
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: c.userPoolId,
        Username: userName,
        GroupName: 'PlatformAdmin',
      }),
    );
    const first = await srpSignIn(cognito, {
      userPoolId: c.userPoolId,
      clientId: c.userPoolClientId,
      username: email,
      password: operator.password,
    });
    const accessToken = first.AuthenticationResult?.AccessToken;
    if (accessToken === undefined) throw new Error(`${email}: the first sign-in gave no tokens`);
    const associated = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    operator.totpSecret = associated.SecretCode ?? '';
    const verified = await cognito.send(
      new VerifySoftwareTokenCommand({
        AccessToken: accessToken,
        UserCode: totpCode(operator.totpSecret),
        FriendlyDeviceName: 'simulated partners',
      }),
    );
    if (verified.Status !== 'SUCCESS') throw new Error(`${email}: the authenticator was refused`);
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return operator;
  } finally {
    cognito.destroy();
  }
};

/** The operator signed in as the web app signs in (SRP, then its code): its ID token. */
export const signInOperator = async (c: ConsoleEndpoints, operator: Operator): Promise<string> => {
  const cognito = cognitoOf(c);
  try {
    let auth = await srpSignIn(cognito, {
      userPoolId: c.userPoolId,
      clientId: c.userPoolClientId,
      username: operator.email,
      password: operator.password,
    });
    if (auth.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      auth = await cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: c.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: auth.Session,
          ChallengeResponses: {
            USERNAME: auth.ChallengeParameters?.USER_ID_FOR_SRP ?? operator.email,
            SOFTWARE_TOKEN_MFA_CODE: totpCode(operator.totpSecret),
          },
        }),
      );
    }
    const idToken = auth.AuthenticationResult?.IdToken;
    if (idToken === undefined) {
      throw new Error(`${operator.email}: sign-in ended at ${auth.ChallengeName ?? 'no tokens'}`);
    }
    // What the web app does after every sign-in: the sign-in recorded, the user index current.
    await consoleCall(c, 'redirectUser?logLogin=true', idToken);
    return idToken;
  } finally {
    cognito.destroy();
  }
};

const consoleCall = async (
  c: ConsoleEndpoints,
  path: string,
  idToken: string | null,
  body?: unknown,
): Promise<unknown> => {
  const res = await fetch(`${c.consoleUrl}/ccsc/ui/${path}`, {
    method: 'POST',
    headers: {
      ...(idToken === null ? {} : { authorization: `Bearer ${idToken}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path.split('?')[0] ?? path}: ${String(res.status)} ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
};

interface Mail {
  id: string;
  text: string;
  to: { address: string }[];
}

const mailsTo = async (c: ConsoleEndpoints, address: string): Promise<Mail[]> => {
  const res = await fetch(`${c.mailUi}/api/email`);
  const all = (await res.json()) as Mail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
};

/** How long the link mail may take to arrive (the outbox sends it after the write). */
const MAIL_WAIT_MS = 30_000;

/** The link of a credential mail: /generate/<apiId>?t=<token>. */
export const credentialLinkOf = (text: string): { apiId: string; token: string } | null => {
  const link = /\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text);
  if (link?.[1] === undefined || link[2] === undefined) return null;
  return { apiId: decodeURIComponent(link[1]), token: link[2] };
};

/** How long the credentials are issued for (the console allows at most 12 months). */
const EXPIRY_DAYS = 360;

/**
 * A credential issued to `systemId` by the signed-in administrator (generateApiCredential), its
 * link mail read from the contact's inbox and redeemed (decription): its client id and secret.
 */
export const issueCredential = async (
  c: ConsoleEndpoints,
  idToken: string,
  system: { systemId: string; contactEmail: string; description: string },
  scopes: readonly string[],
): Promise<SystemCredential> => {
  const before = new Set((await mailsTo(c, system.contactEmail)).map((m) => m.id));
  await consoleCall(c, 'generateApiCredential', idToken, {
    systemId: system.systemId,
    scopes,
    description: system.description,
    expiresAt: new Date(Date.now() + EXPIRY_DAYS * 24 * 3_600_000).toISOString(),
    contactEmail: system.contactEmail,
  });
  const giveUpAt = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const mail = (await mailsTo(c, system.contactEmail)).find((m) => !before.has(m.id));
    const link = mail === undefined ? null : credentialLinkOf(mail.text);
    if (link !== null) {
      return (await consoleCall(c, 'decription', null, link)) as SystemCredential;
    }
    if (Date.now() > giveUpAt) throw new Error(`No credential mail to ${system.contactEmail}`);
    await delay(200);
  }
};
