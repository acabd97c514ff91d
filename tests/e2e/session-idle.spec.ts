import { expect, test, type Page } from '@playwright/test';
import { consoleOf, enrolledAdmin, signInThroughUi, storedSession } from './session-support';

// Idle time-out (SPEC §4, issue 4): a countdown of idleTimeoutSeconds (/config.json; 1800 here)
// restarted by load, click, scroll and keypress; a warning a minute before with "Stay signed in";
// at 0 the user is signed out and lands on /session-time-out. Activity in one tab counts for all.
// Playwright's clock runs the browser's time forward instead of waiting half an hour.

const warning = (page: Page) => page.getByRole('dialog', { name: 'Session Timeout Warning' });

test('a warning a minute before, "Stay signed in" restarts the countdown, at 0 the user is signed out', async ({
  page,
  request,
  baseURL,
}) => {
  const { info, config } = await consoleOf(request, baseURL ?? '');
  const timeoutMs = config.idleTimeoutSeconds * 1000;
  const user = await enrolledAdmin(info);
  await page.clock.install();
  await signInThroughUi(page, user);

  await page.clock.fastForward(timeoutMs - 60_000 - 5_000);
  await expect(warning(page)).toBeHidden();
  await page.clock.fastForward(6_000);
  await expect(warning(page)).toBeVisible();
  await expect(warning(page)).toContainText(/logged out due to inactivity in 0:[0-5]\d\./);

  await warning(page).getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning(page)).toBeHidden();
  // Without the restart this would be long past the end.
  await page.clock.fastForward(timeoutMs - 60_000 - 5_000);
  await expect(warning(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.clock.fastForward(70_000);
  await expect(page).toHaveURL(/\/session-time-out\?reason=idle$/);
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();
  expect(await storedSession(page)).toEqual({});
});

test('activity in one tab keeps the other tabs signed in; the time-out signs out all', async ({
  context,
  request,
  baseURL,
}) => {
  const { info, config } = await consoleOf(request, baseURL ?? '');
  const timeoutMs = config.idleTimeoutSeconds * 1000;
  const user = await enrolledAdmin(info);
  await context.clock.install();
  const idle = await context.newPage();
  await signInThroughUi(idle, user);
  const busy = await context.newPage();
  await busy.goto('/admin/dashboard');
  await expect(busy.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await busy.clock.fastForward(timeoutMs / 2);
  await busy.getByRole('heading', { name: 'Dashboard' }).click();
  await busy.keyboard.press('Tab');
  // The idle tab's own countdown would now be at its end; the other tab's click moved it on.
  await idle.clock.fastForward(timeoutMs / 2 + 1_000);
  await expect(idle).toHaveURL(/\/admin\/dashboard$/);
  await expect(warning(idle)).toBeHidden();

  await idle.clock.fastForward(timeoutMs / 2);
  await expect(idle).toHaveURL(/\/session-time-out\?reason=idle$/);
  await expect(busy).toHaveURL(/\/session-time-out\?reason=idle$/);
});
