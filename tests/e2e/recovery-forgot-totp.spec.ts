import { expect, test } from '@playwright/test';
import {
  bodyOf,
  consoleOf,
  enrolledAdmin,
  hasAuthenticator,
  mailCount,
  nextMail,
  signInThroughUi,
} from './session-support';

// "Can't access authenticator app" (issue 4): the e-mail form always answers the same; the
// e-mailed single-use link, once confirmed, removes the authenticator (forget-totp/confirm), and
// the next sign-in (password still required) enrols a new one.

const LINK = /(https?:\/\/[^\s"<>]+\/forgot-totp-qr-code\?token=[A-Za-z0-9_-]+)/;

test('the e-mailed link removes the authenticator, once; the next sign-in enrols a new one', async ({
  page,
  request,
  baseURL,
}) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  expect(await hasAuthenticator(info, user.userName)).toBe(true);

  await page.goto('/');
  await page.getByRole('link', { name: "Can't access authenticator app?" }).click();
  await expect(page).toHaveURL(/\/forgot-totp-qr-code$/);
  // The URL changes first; the login form stays on screen until the new screen has loaded (a
  // router transition), and typing into it then would be lost.
  await expect(
    page.getByRole('heading', { name: "Can't access authenticator app?" }),
  ).toBeVisible();
  const before = await mailCount(user.email);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(
    page.getByText('If an account exists for this email, a link has been sent to it.'),
  ).toBeVisible();

  const mail = await nextMail(user.email, before);
  const link = LINK.exec(bodyOf(mail))?.[1];
  if (link === undefined) throw new Error(`no link in "${mail.subject}"`);
  expect(link.startsWith(`${baseURL ?? ''}/forgot-totp-qr-code?token=`)).toBe(true);

  // Opening the link changes nothing by itself (mail scanners open links too).
  await page.goto(link);
  const remove = page.getByRole('button', { name: 'Remove Authenticator App' });
  await expect(remove).toBeVisible();
  expect(await hasAuthenticator(info, user.userName)).toBe(true);

  await remove.click();
  await expect(
    page.getByText(
      'Your authenticator app has been removed. At your next login, enter your password and then set up a new authenticator app.',
    ),
  ).toBeVisible();
  expect(await hasAuthenticator(info, user.userName)).toBe(false);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Remove Authenticator App' }).click();
  await expect(page.getByText(/This link is not valid/)).toBeVisible();
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible();

  // The password is still required, and the console enrols a new authenticator before anything.
  await signInThroughUi(page, { email: user.email, password: user.password });
  expect(await hasAuthenticator(info, user.userName)).toBe(true);
});

test('an unknown e-mail gets the same answer', async ({ page }) => {
  await page.goto('/forgot-totp-qr-code');
  await page.getByLabel('Email').fill(`nobody-${String(Date.now())}@example.com`);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(
    page.getByText('If an account exists for this email, a link has been sent to it.'),
  ).toBeVisible();
});

test('a link that is not one says so at once', async ({ page }) => {
  await page.goto('/forgot-totp-qr-code?token=not-a-token');
  await expect(page.getByText(/This link is not valid/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Authenticator App' })).toBeHidden();
});
