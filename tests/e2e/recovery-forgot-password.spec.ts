import { expect, test } from '@playwright/test';
import { strongPassword } from '../support/aws';
import {
  bodyOf,
  consoleOf,
  enrolledAdmin,
  mailCount,
  nextMail,
  signInThroughUi,
} from './session-support';

// Forgot password (issue 4): e-mail -> Cognito e-mails a code (offline: the local inbox, read as a
// person would) -> code + new password with the first-login rules -> confirm-forget-password ->
// /forgot-password-success; then the new password signs in.

const codeIn = (text: string) => {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (code === undefined) throw new Error('no 6-digit code in the mail');
  return code;
};

test('a forgotten password is reset with the e-mailed code, and the new one signs in', async ({
  page,
  request,
  baseURL,
}) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  const newPassword = strongPassword();

  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  const before = await mailCount(user.email);
  await page.getByLabel('Email').fill(user.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(
    page.getByText(`If an account exists for ${user.email}, a verification code has been sent`),
  ).toBeVisible();
  const code = codeIn(bodyOf(await nextMail(user.email, before)));

  // The rules of first login, ticked off as the user types.
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('New Password', { exact: true }).fill('weakpass');
  await expect(page.getByText('Weak', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Verification Code').fill(code);
  await expect(submit).toBeDisabled();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await expect(page.getByText('Strong', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwords entered do not match')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await expect(page.getByText('Passwords entered do not match')).toBeHidden();

  // A wrong code first: said so under the code field, and the right one still works after.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification Code').fill(wrong);
  await submit.click();
  await expect(
    page.getByText(
      'Invalid verification code provided. Please try again or click on Resend Code to receive a new code.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);

  await page.getByLabel('Verification Code').fill(code);
  await submit.click();
  await expect(page).toHaveURL(/\/forgot-password-success$/);
  await expect(page.getByRole('heading', { name: 'Password Changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInThroughUi(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an unknown e-mail gets the same answers as a real account', async ({ page }) => {
  const email = `nobody-${String(Date.now())}@example.com`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(
    page.getByText(`If an account exists for ${email}, a verification code has been sent`),
  ).toBeVisible();

  const password = strongPassword();
  await page.getByLabel('Verification Code').fill('123456');
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText(
      'Invalid verification code provided. Please try again or click on Resend Code to receive a new code.',
    ),
  ).toBeVisible();
});

test('the e-mail rules of the login screen apply', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Email Address provided is not in the correct format')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Code' })).toBeDisabled();
});
