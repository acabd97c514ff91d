import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkScreen } from './journey-support';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';
import { connectedStudy } from './documents-support';

/**
 * Issue 35, part 3, in the browser: the sponsor's administrator opens the study's expected
 * documents and requests from its completeness, saves the list from the template, requests a
 * document from every active site and sees it open; the page is usable at 390 px (nothing wider
 * than the screen but the tables' own scrolling) and at 1440 px.
 */

test.setTimeout(420_000);

test('document requests: the list saved from the template, a request to every active site, at 390 and 1440 px', async ({
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const { study, sponsorAdmin } = await connectedStudy(c, admin, tag);

  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughUi(page, sponsorAdmin);
  await page.goto(`/admin/documents/completeness?studyId=${study.studyId}`);
  await page.getByRole('link', { name: 'Expected documents and requests' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Expected documents and requests',
  );
  await expect(page.getByTestId('expected-template')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Save the list' }).click();
  await expect(page.getByText(/^Last saved /)).toBeVisible({ timeout: 20_000 });

  await page.getByLabel(/05\.02\.04 Principal Investigator Curriculum Vitae/).check();
  await page.getByRole('button', { name: 'Request 1 document' }).click();
  await expect(page.getByText('1 request was sent.')).toBeVisible({ timeout: 20_000 });
  const row = page.locator('[data-testid^="request-"]').first();
  await expect(row).toContainText('05.02.04');
  await expect(row).toContainText('Open');

  // The page, and the study's completeness with the sites' requests, at 390 and 1440 px in en,
  // de and tr: no sideways scrolling, no serious or critical axe finding (journey-support.ts).
  const findings = [
    ...(await checkScreen(page, `/admin/documents/requests?studyId=${study.studyId}`, async (p) => {
      await expect(p.locator('[data-testid^="request-"]').first()).toBeVisible({ timeout: 20_000 });
    })),
    ...(await checkScreen(
      page,
      `/admin/documents/completeness?studyId=${study.studyId}`,
      async (p) => {
        await expect(p.locator('[data-testid^="site-requests-"]').first()).toBeVisible({
          timeout: 20_000,
        });
      },
    )),
  ];
  expect(findings).toEqual([]);
  await page.evaluate(() => {
    localStorage.setItem('ccsc.language', 'en');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/documents/completeness?studyId=${study.studyId}`);
  await expect(page.getByText('0 of 1 received')).toBeVisible({ timeout: 20_000 });
});
