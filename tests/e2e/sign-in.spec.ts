import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { Authenticator, cognito } from '../support/aws';
import { consoleOf, enrolledAdmin, mailCount, nextMail, signInThroughUi } from './session-support';

// Sign-in journeys of issue 4 (SPEC §2, §4, §5, §8) in Chromium against the offline console,
// reading the invitation from the local inbox as the invited person would.

const LOCKED =
  'Your account is locked due to consecutive failed login attempts. Contact the administrator to unlock your account.';
const FAILED =
  'Your login attempt has failed. The specified username or password may be incorrect, or your password has expired.';

const fillCredentials = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
};

const typeCode = async (page: Page, code: string) => {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code); // the boxes advance by themselves
};

test('first login of an invited user: e-mailed password, new password, authenticator, dashboard; then a second login with a code', async ({
  page,
  request,
  baseURL,
}) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  // The deployment's account name: ACCOUNT_NAME's default, as playwright.config.ts sets none.
  const { accountName } = (await (await request.get('/config.json')).json()) as {
    accountName: string;
  };
  expect(accountName).toBe('CCSC Local');
  const email = `e2e-invited-${randomUUID().slice(0, 8)}@example.com`;
  const client = cognito(info);
  const before = await mailCount(email);
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: info.userPoolId,
      Username: email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ],
    }),
  );
  // The role is the group alone, as create-user gives it.
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: info.userPoolId,
      Username: created.User?.Username ?? email,
      GroupName: 'PlatformAdmin',
    }),
  );
  const invitation = await nextMail(email, before);
  const temporary = /temporary password is (\S+)/.exec(invitation.text ?? '')?.[1];
  expect(temporary, 'the invitation carries the temporary password').toBeTruthy();

  const bodies: { url: string; target: string; body: string }[] = [];
  const flows: string[] = [];
  const redirects: string[] = [];
  page.on('request', (req) => {
    const body = req.postData() ?? '';
    const target = req.headers()['x-amz-target'] ?? '';
    bodies.push({ url: req.url(), target, body });
    if (target.endsWith('.InitiateAuth')) {
      flows.push((JSON.parse(body) as { AuthFlow: string }).AuthFlow);
    }
    if (req.url().includes('/ccsc/ui/redirectUser')) redirects.push(new URL(req.url()).search);
  });

  await page.goto('/');
  await fillCredentials(page, email, temporary ?? '');

  // State 2: the new password, by the rules of SPEC §5.
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('New Password').fill(temporary ?? '');
  await page.getByLabel('Confirm Password').fill(temporary ?? '');
  await submit.click();
  await expect(page.getByText('New password can not be same as current password')).toBeVisible();
  const password = `Pw-${randomUUID().slice(0, 8)}A1`;
  await page.getByLabel('New Password').fill('weakpass');
  await expect(page.getByText('Weak', { exact: true })).toBeVisible();
  await page.getByLabel('New Password').fill(password);
  await expect(page.getByText('Strong', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm Password').fill(`${password}x`);
  await expect(page.getByText('Passwords entered do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm Password').fill(password);
  await submit.click();

  // State 3 with enrolment: a 228×228 QR image and the secret as text.
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([228, 228]);
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  // The app on the user's phone: each code is accepted once (the second login takes a new one).
  const authenticator = new Authenticator(secret);
  await typeCode(page, await authenticator.next());
  await verify.click();

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  // SPEC §2: the header shows the e-mail the user signs in with, then the account name.
  const header = page.getByRole('banner');
  await expect(header.getByText(email)).toBeVisible();
  await expect(header.getByText(email)).toHaveText(`E-mail: ${email}`);
  await expect(header.getByText(accountName)).toBeVisible();
  await expect(header.getByText(accountName)).toHaveText(`Account: ${accountName}`);
  expect(redirects).toEqual(['?firstLogin=true']);
  const user = await client.send(
    new AdminGetUserCommand({ UserPoolId: info.userPoolId, Username: email }),
  );
  expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
  expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  client.destroy();

  // Second login: the password, then the code of the app, no QR image.
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto('/');
  await fillCredentials(page, email, password);
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await typeCode(page, authenticator.wrongCode());
  await verify.click();
  await expect(
    page.getByText('Invalid verification code provided. Please try again.'),
  ).toBeVisible();
  await typeCode(page, await authenticator.next());
  await verify.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(redirects).toEqual(['?firstLogin=true', '?logLogin=true']);

  // SRP all the way: the temporary password goes nowhere; the new one to Cognito only, as the
  // answer to NEW_PASSWORD_REQUIRED; nothing of either or of the secret to our API.
  expect(new Set(flows)).toEqual(new Set(['USER_SRP_AUTH']));
  const carrying = (needle: string) => bodies.filter((b) => b.body.includes(needle));
  expect(carrying(temporary ?? '-')).toEqual([]);
  expect(carrying(password).map((b) => b.target)).toEqual([
    'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
  ]);
  expect(carrying(password)[0]?.body).toContain('"ChallengeName":"NEW_PASSWORD_REQUIRED"');
  expect(carrying(secret).filter((b) => b.url.includes('/ccsc/ui/'))).toEqual([]);
  expect(bodies.filter((b) => b.url.includes('/ccsc/ui/redirectUser') && b.body !== '')).toEqual(
    [],
  );
});

test('a wrong password shows the generic failure; Login stays disabled until the user edits', async ({
  page,
  request,
  baseURL,
}) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  await page.goto('/');
  await fillCredentials(page, user.email, 'Wrong-Pass1');
  await expect(page.getByText(FAILED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await expect(page.getByText(FAILED)).toBeHidden();

  // An unknown e-mail reads exactly the same.
  await fillCredentials(page, `nobody-${randomUUID().slice(0, 8)}@example.com`, 'Wrong-Pass1');
  await expect(page.getByText(FAILED)).toBeVisible();
});

test('five wrong passwords lock the account; calling accountLockout alone locks nothing', async ({
  page,
  request,
  baseURL,
}) => {
  const { info, config } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);

  // A stranger calling the unauthenticated lockout: no failed sign-ins, nothing locked.
  for (let i = 0; i < 6; i += 1) {
    const answer = await request.post('/ccsc/ui/accountLockout', {
      data: { clientId: config.userPoolClientId, email: user.email },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ status: 'success', data: { locked: false } });
  }
  await signInThroughUi(page, user);
  await page.evaluate(() => {
    localStorage.clear();
  });

  await page.goto('/');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await fillCredentials(page, user.email, `Wrong-Pass${String(attempt)}`);
    await expect(page.getByText(FAILED)).toBeVisible();
  }
  await fillCredentials(page, user.email, 'Wrong-Pass5');
  await expect(page.getByText(LOCKED)).toBeVisible();

  // Locked means disabled: the right password no longer helps.
  await fillCredentials(page, user.email, user.password);
  await expect(page.getByText('User is disabled', { exact: true })).toBeVisible();
});

test('a disabled user is told so', async ({ page, request, baseURL }) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  const client = cognito(info);
  await client.send(
    new AdminDisableUserCommand({ UserPoolId: info.userPoolId, Username: user.userName }),
  );
  client.destroy();
  await page.goto('/');
  await fillCredentials(page, user.email, user.password);
  await expect(page.getByText('User is disabled', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
