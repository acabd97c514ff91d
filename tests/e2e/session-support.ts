import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { setTimeout as delay } from 'node:timers/promises';
import type { ConsoleInfo } from '../support/console';
import {
  Authenticator,
  cognito,
  createEnrolledUser,
  createRoleUser,
  totpAt,
  type EnrolledTestUser,
} from '../support/aws';

/**
 * What the recovery-* and session-* journeys share: the console as the tests' SDK helpers see it
 * (from /config.json), users made with the SDK, the local inbox, and signing in the way a person
 * does it (credentials, then the authenticator code).
 */

interface PublicConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  productName: string;
  idleTimeoutSeconds: number;
}

/** The console under test, shaped for tests/support/aws.ts (only the fields it reads are real). */
export const consoleOf = async (request: APIRequestContext, baseURL: string) => {
  const config = (await (await request.get('/config.json')).json()) as PublicConfig;
  const info: ConsoleInfo = {
    url: baseURL,
    region: config.region,
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    cognitoEndpoint: config.cognitoEndpoint,
    mailUi: process.env.E2E_MAIL_UI_URL ?? '',
    dynamodbEndpoint: process.env.E2E_DYNAMODB_URL ?? '',
    s3Endpoint: '',
    sesEndpoint: '',
    bootstrapAdminEmail: '',
    dataDir: process.env.E2E_DATA_DIR ?? '',
  };
  return { info, config };
};

/** An administrator as every one is (TOTP is mandatory): password set, authenticator enrolled. */
export const enrolledAdmin = (c: ConsoleInfo): Promise<EnrolledTestUser> =>
  createEnrolledUser(c, 'PlatformAdmin');

/** A confirmed administrator with a permanent password and no authenticator yet. */
export const unenrolledAdmin = (c: ConsoleInfo) => createRoleUser(c, 'PlatformAdmin');

/** Whether Cognito still has an authenticator (software token MFA) for the user. */
export const hasAuthenticator = async (c: ConsoleInfo, userName: string) => {
  const client = cognito(c);
  try {
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: userName }),
    );
    return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  } finally {
    client.destroy();
  }
};

// ---------- the local inbox (maildev's REST API) ----------

interface Mail {
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
}

const inbox = async (address: string): Promise<Mail[]> => {
  const url = process.env.E2E_MAIL_UI_URL;
  if (!url) throw new Error('E2E_MAIL_UI_URL is not set (playwright.config.ts sets it)');
  const all = (await (await fetch(`${url}/api/email`)).json()) as Mail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
};

/** How many messages `address` has now; pass it to `nextMail` before the action that sends one. */
export const mailCount = async (address: string) => (await inbox(address)).length;

/** The first message to `address` after the first `before` ones, waiting for SMTP delivery. */
export const nextMail = async (address: string, before: number): Promise<Mail> => {
  for (let i = 0; i < 200; i += 1) {
    const mails = await inbox(address);
    const mail = mails[before];
    if (mail) return mail;
    await delay(50);
  }
  throw new Error(`no new message to ${address}`);
};

export const bodyOf = (mail: Mail) => `${mail.text ?? ''}\n${mail.html ?? ''}`;

// ---------- signing in as a person does ----------

const BASE32_SECRET = /^[A-Z2-7]{16,}$/;

/**
 * Signs in through the login screen: e-mail and password, then the authenticator step the
 * console asks for, as a person with the app would answer it: the six-digit code (typed box by
 * box), or on enrolment the code of the secret shown as text. Ends on the dashboard.
 */
export const signInThroughUi = async (
  page: Page,
  user: { email: string; password: string; authenticator?: Authenticator },
): Promise<void> => {
  await page.goto('/');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();

  const dashboard = page.getByRole('heading', { name: 'Dashboard' });
  const verify = page.getByRole('button', { name: /verify/i });
  await expect(dashboard.or(verify)).toBeVisible({ timeout: 15_000 });
  if (await dashboard.isVisible()) return;

  // Enrolment shows the secret as text (for those who cannot scan the QR image).
  const shownSecret = page.getByTestId('totp-secret');
  let code: string;
  if (await shownSecret.isVisible()) {
    const secret = (await shownSecret.textContent())?.trim() ?? '';
    if (!BASE32_SECRET.test(secret)) throw new Error(`not an authenticator secret: ${secret}`);
    code = totpAt(secret, Math.floor(Date.now() / 30_000));
  } else if (user.authenticator) {
    code = await user.authenticator.next();
  } else {
    throw new Error(`${user.email} is asked for a code but has no authenticator`);
  }
  // The six boxes advance by themselves, as a person types.
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await verify.click();
  await expect(dashboard).toBeVisible({ timeout: 15_000 });
};

/** The signed-in state a tab keeps in localStorage: the marker and Amplify's sealed tokens. */
export const storedSession = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key === 'ccsc.agentSession' || key.startsWith('ccsc.tokens.'))
        .map((key) => [key, localStorage.getItem(key) ?? '']),
    ),
  );

export { Authenticator };
