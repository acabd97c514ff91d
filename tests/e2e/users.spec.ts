import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { totpAt } from '../support/aws';
import { consoleOf, enrolledAdmin, mailCount, nextMail, signInThroughUi } from './session-support';

/**
 * Issue 5 end to end: a PlatformAdmin invites an OrgAdmin through the screens, who signs in for
 * the first time (mail, new password, authenticator) and sees and manages only their own
 * organisation; disabling ends the OrgAdmin's open session; delete; and the audit screen shows
 * all of it, with a chain that verifies.
 */

const ORG = 'site-berlin-mitte';
const ORG_NAME = 'Klinikum Berlin-Mitte';

const rowOf = (page: Page, email: string) => page.getByTestId(`user-row-${email}`);

/** Types into the search box and waits for the list to show that row. */
const findUser = async (page: Page, email: string) => {
  await page.getByLabel('Search').fill(email);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(rowOf(page, email)).toBeVisible();
};

/** A person's first sign-in: the e-mailed password, a new one, the authenticator by its secret. */
const firstSignIn = async (page: Page, email: string, temporary: string) => {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  const password = `Pw-${randomUUID().slice(0, 8)}A1`;
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(totpAt(secret, Math.floor(Date.now() / 30_000)));
  await page.getByRole('button', { name: /verify/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
};

const openUsers = async (page: Page) => {
  await page.goto('/admin/user-management');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
};

const act = async (page: Page, email: string, action: string) => {
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
};

test('a PlatformAdmin invites an OrgAdmin, who manages only their organisation; disable ends their session; delete; the audit trail shows it and verifies', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { info } = await consoleOf(request, baseURL ?? '');
  const admin = await enrolledAdmin(info);
  const invitee = `e2e-orgadmin-${randomUUID().slice(0, 8)}@example.com`;

  // The PlatformAdmin invites an OrgAdmin of a site, with a German mobile number.
  await signInThroughUi(page, admin);
  await openUsers(page);
  await page.getByRole('link', { name: 'Create User' }).click();
  await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();
  const before = await mailCount(invitee);
  await page.getByLabel('Email', { exact: true }).fill('not an address');
  await page.getByLabel('Given name').fill('Greta');
  await expect(
    page.getByText('Only following characters A-Za-z0-9_@.- are allowed.'),
  ).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(invitee);
  await page.getByLabel('Family name').fill('Hoffmann');
  await page.getByLabel('Country code').selectOption('+49');
  await page.getByLabel('Number').fill('15112345678');
  await page.getByLabel('Role', { exact: true }).selectOption('OrgAdmin');
  await page.getByLabel('Organisation', { exact: true }).selectOption(ORG);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Data successfully saved')).toBeVisible();
  await findUser(page, invitee);
  await expect(rowOf(page, invitee)).toContainText('Waiting for first login');
  await expect(rowOf(page, invitee)).toContainText(ORG_NAME);

  // The same address again: a clear message on the field, nothing made twice.
  await page.getByRole('link', { name: 'Create User' }).click();
  await page.getByLabel('Email', { exact: true }).fill(invitee);
  await page.getByLabel('Given name').fill('Greta');
  await page.getByLabel('Family name').fill('Hoffmann');
  await page.getByLabel('Role', { exact: true }).selectOption('OrgAdmin');
  await page.getByLabel('Organisation', { exact: true }).selectOption(ORG);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator('#user-email-problem')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The OrgAdmin's first sign-in, in a browser of their own.
  const invitation = await nextMail(invitee, before);
  const temporary = /temporary password is (\S+)/.exec(invitation.text ?? '')?.[1] ?? '';
  expect(temporary).not.toBe('');
  const orgContext = await browser.newContext();
  const orgPage = await orgContext.newPage();
  await firstSignIn(orgPage, invitee, temporary);

  // They see their organisation's users only: not the PlatformAdmin, no organisation filter.
  await openUsers(orgPage);
  await expect(rowOf(orgPage, invitee)).toBeVisible();
  await expect(rowOf(orgPage, invitee)).toContainText('Active');
  await expect(orgPage.getByText(admin.email)).toHaveCount(0);
  await expect(orgPage.getByLabel('Organisation', { exact: true })).toHaveCount(0);
  for (const cell of await orgPage.locator('tbody tr td:nth-child(4)').allTextContents()) {
    expect(cell).toBe(ORG_NAME);
  }
  // Their own row offers Edit only (nobody disables or deletes themselves).
  await orgPage.getByRole('button', { name: `Actions for ${invitee}` }).click();
  await expect(orgPage.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(orgPage.getByRole('button', { name: 'Disable', exact: true })).toHaveCount(0);
  await orgPage.keyboard.press('Escape');
  // They may give the OrgAdmin and Auditor roles (of their own organisation only), never
  // PlatformAdmin: what lies within their reach.
  await orgPage.getByRole('link', { name: 'Create User' }).click();
  await expect(orgPage.getByLabel('Role', { exact: true }).locator('option')).toHaveText([
    'Choose a role',
    'Organisation administrator',
    'Auditor',
  ]);
  await expect(orgPage.getByLabel('Organisation', { exact: true })).toBeDisabled();
  await expect(orgPage.getByLabel('Organisation', { exact: true })).toHaveValue(ORG);
  await openUsers(orgPage);

  // The PlatformAdmin disables the OrgAdmin: the confirmation names them; their session ends.
  await openUsers(page);
  await findUser(page, invitee);
  await act(page, invitee, 'Disable');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Greta Hoffmann (${invitee})`);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${invitee} is disabled and signed out.`)).toBeVisible();
  await expect(rowOf(page, invitee)).toContainText('Disabled');
  // The OrgAdmin's next call is refused and their console ends the session.
  await orgPage.getByLabel('Search').fill('e2e');
  await expect(orgPage).toHaveURL(/\/session-time-out/, { timeout: 15_000 });
  await orgContext.close();

  // Delete: named in the dialog, gone from the list.
  await act(page, invitee, 'Delete');
  await expect(page.getByRole('dialog')).toContainText(`Greta Hoffmann (${invitee})`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${invitee} is deleted.`)).toBeVisible();
  await expect(rowOf(page, invitee)).toHaveCount(0);

  // The audit screen shows the invitation, the first sign-in, the disable and the delete.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  await page.getByLabel('Target').fill(invitee);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Audit records, newest first' });
  for (const action of ['user.created', 'session.first-login', 'user.disabled', 'user.deleted']) {
    await expect(table.getByText(action, { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByText(/The chain is intact: \d+ records checked\./)).toBeVisible({
    timeout: 15_000,
  });
});
