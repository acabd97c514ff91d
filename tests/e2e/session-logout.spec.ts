import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page } from '@playwright/test';
import { cognito, failureOf } from '../support/aws';
import { consoleOf, enrolledAdmin, signInThroughUi, storedSession } from './session-support';

// Logout (SPEC §2, §4, issue 4): the static confirmation; "Yes, Logout" calls logout (global
// sign-out + audit), clears local storage and goes to / ; if the call fails, /session-time-out.
// Signing out in one tab signs out all. Tokens are stored sealed under a prefix.

/** The tokens Cognito hands the browser, read off the wire as they arrive. */
const watchTokens = (page: Page) => {
  const seen = { idToken: '', refreshToken: '' };
  page.on('response', async (response) => {
    const target = response.request().headers()['x-amz-target'] ?? '';
    if (!/\.(RespondToAuthChallenge|InitiateAuth)$/.test(target)) return;
    try {
      const body = (await response.json()) as {
        AuthenticationResult?: { IdToken?: string; RefreshToken?: string };
      };
      seen.idToken = body.AuthenticationResult?.IdToken ?? seen.idToken;
      seen.refreshToken = body.AuthenticationResult?.RefreshToken ?? seen.refreshToken;
    } catch {
      // not JSON
    }
  });
  return seen;
};

const openLogout = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logout Confirmation' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('"Yes, Logout" ends the session everywhere and returns to the login screen', async ({
  page,
  request,
  baseURL,
}) => {
  const { info, config } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  const tokens = watchTokens(page);
  await signInThroughUi(page, user);

  // The tokens are Amplify's usual keys under the last signed-in user, behind our prefix, sealed.
  const stored = await storedSession(page);
  expect(stored['ccsc.agentSession']).toBe('true');
  const tokenKeys = Object.keys(stored).filter((key) => key.startsWith('ccsc.tokens.'));
  const prefix = `ccsc.tokens.CognitoIdentityServiceProvider.${config.userPoolClientId}.`;
  expect(tokenKeys).toEqual(
    expect.arrayContaining([
      `${prefix}LastAuthUser`,
      `${prefix}${user.userName}.idToken`,
      `${prefix}${user.userName}.accessToken`,
      `${prefix}${user.userName}.refreshToken`,
      `${prefix}${user.userName}.clockDrift`,
    ]),
  );
  expect(tokens.idToken).not.toBe('');
  for (const key of tokenKeys) {
    expect(stored[key]).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(stored[key]).not.toContain(tokens.idToken.slice(0, 40));
  }
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('Cognito'))),
  ).toEqual([]);

  // Static: Escape and the backdrop leave it open.
  const dialog = await openLogout(page);
  await expect(dialog.getByText(`Logout from ${config.productName}?`)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const logoutCall = page.waitForRequest(
    (req) => req.url().endsWith('/ccsc/ui/logout') && req.method() === 'POST',
  );
  await (await openLogout(page)).getByRole('button', { name: 'Yes, Logout' }).click();
  expect((await logoutCall).headers().authorization).toMatch(/^Bearer /);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toEqual({});

  // Global sign-out: the refresh token the browser held no longer works anywhere.
  const client = cognito(info);
  const refused = await failureOf(
    client.send(
      new InitiateAuthCommand({
        ClientId: info.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    ),
  );
  client.destroy();
  expect(refused.name).toBe('NotAuthorizedException');

  // And the private area is closed again.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('when the logout call fails, the browser is signed out anyway and shows /session-time-out', async ({
  page,
  request,
  baseURL,
}) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  await signInThroughUi(page, user);
  await page.route('**/ccsc/ui/logout', (route) =>
    route.fulfill({
      status: 503,
      json: { status: 'error', error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } },
    }),
  );

  await (await openLogout(page)).getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL(/\/session-time-out\?reason=logout-failed$/);
  await expect(page.getByRole('heading', { name: 'Session Timed Out' })).toBeVisible();
  await expect(
    page.getByText('You have been logged out of this browser, but the server could not be reached'),
  ).toBeVisible();
  expect(await storedSession(page)).toEqual({});
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('signing out in one tab signs out the others', async ({ context, request, baseURL }) => {
  const { info } = await consoleOf(request, baseURL ?? '');
  const user = await enrolledAdmin(info);
  const first = await context.newPage();
  await signInThroughUi(first, user);
  const second = await context.newPage();
  await second.goto('/admin/user-management');
  await expect(second.getByRole('heading', { name: 'User Management' })).toBeVisible();

  await (await openLogout(first)).getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(first).toHaveURL(/\/$/);
  await expect(second).toHaveURL(/\/session-time-out\?reason=elsewhere$/);
  await expect(
    second.getByText('You have been logged out in another tab or window.'),
  ).toBeVisible();
});
