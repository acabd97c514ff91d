import { expect, test } from '@playwright/test';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';

// Route guards (SPEC §2): private routes without a session go to / ; public routes send a
// signed-in user to /admin/dashboard (the session-time-out screen excepted: a logout lands there).

test('a deep private link without a session lands on the login screen', async ({ page }) => {
  for (const path of ['/admin/user-management/create-user', '/admin', '/admin/no-such-screen']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  }
});

test('a signed-in administrator is sent from the public screens to the dashboard', async ({
  page,
  request,
  baseURL,
}) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  await signInThroughUi(page, await enrolledAdmin(info));

  for (const path of ['/', '/forgot-password', '/forgot-totp-qr-code', '/reset-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  }
  await page.goto('/admin/artifact/list-of-mapping-standards');
  await expect(page.getByRole('heading', { name: 'Artifact Mapping Standards' })).toBeVisible();
});
