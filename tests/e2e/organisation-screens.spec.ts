import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { issueCredential, partnerToken } from '../support/oauth';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';
import { connectedStudy, pdf } from './documents-support';
import {
  axeViolations,
  checkScreen,
  LANGUAGES,
  partnerApi,
  sendDocument,
  WIDTHS,
} from './journey-support';

/**
 * Issue 35's notification centre and safety-letter distribution screens in a browser, each at
 * 390 and 1440 px in English, German and Turkish (checkScreen: no page-wide sideways scrolling,
 * no serious or critical axe finding): the sponsor's administrator distributes a letter its
 * system sent through the dialog (itself checked by axe at both widths) and sees the tracking; the
 * site's administrator sees the same letter with its Acknowledge, and acknowledges it. (The
 * lists and the notification centre, as every route, are route-walk.spec.ts's; the document
 * return and request screens are walked in documents-returns.spec.ts and
 * document-requests.spec.ts.)
 */

test.setTimeout(420_000);

/** No serious or critical axe finding in the open dialog. */
const dialogFindings = async (page: Page, where: string) => {
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots !== undefined && shots !== '') {
    await page.screenshot({ path: `${shots}/${where.replace(/\W+/gu, '_')}.png`, fullPage: true });
  }
  return (await axeViolations(page, '.modal'))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${String(v.impact)})`);
};

test('notification centre and distributions at 390 and 1440 px in en, de and tr', async ({
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const { etmf, connection, sponsorAdmin, siteAdmin } = await connectedStudy(c, admin, tag);
  const credential = await issueCredential(c, admin, etmf, ['ccsc-api/documents.send']);
  const sponsorSystem = partnerApi(
    c,
    await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, 'ccsc-api/documents.send'),
  );
  const letterTitle = `Sicherheitsinformation zur Prüfpräparat-Dosierungsänderung ${tag}`;
  const letter = await sendDocument(sponsorSystem, connection.connectionId, pdf(letterTitle), {
    typeCode: 'TMF-CV',
    personName: 'Aylin Demir',
    title: letterTitle,
  });
  expect(letter.state).toBe('delivered');

  const sponsorContext = await browser.newContext({ baseURL });
  const page = await sponsorContext.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(page, sponsorAdmin);
  const found: string[] = [];

  // The dialog at both widths in each language (its document chosen: the sites' part shows),
  // then, in English, the distribution made through it. Names in each language, as the locale
  // files give them.
  const NEW = /^(New distribution|Neue Verteilung|Yeni dağıtım)$/u;
  // English last: its dialog at 1440 px is the one that distributes.
  for (const language of [...LANGUAGES].reverse()) {
    await page.evaluate((chosen) => {
      localStorage.setItem('ccsc.language', chosen);
    }, language);
    await page.goto('/admin/distributions');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: NEW }).click();
      const dialog = page.getByRole('dialog', { name: NEW });
      await dialog.locator('select').selectOption(letter.documentId);
      await expect(dialog.getByRole('radio').first()).toBeVisible();
      found.push(
        ...(await dialogFindings(page, `distribution dialog ${language} ${String(width)}`)),
      );
      const last = language === 'en' && width === 1440;
      if (!last) await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(last ? 1 : 0);
    }
  }
  await page
    .getByRole('dialog', { name: 'New distribution' })
    .getByRole('button', { name: 'Distribute' })
    .click();
  await expect(page).toHaveURL(/distributionId=dist-/u, { timeout: 20_000 });
  const tracking = new URL(page.url());
  const trackingPath = `${tracking.pathname}${tracking.search}`;

  // The lists, the notification centre and its preferences are the route walk's, as every
  // route's (route-walk.spec.ts); here the tracking of this distribution, as each side sees it.
  found.push(
    ...(await checkScreen(page, trackingPath, async (p) => {
      await expect(p.getByTestId('site-row-017')).toBeVisible({ timeout: 20_000 });
    })),
  );

  // The site's administrator: the same letter with its Acknowledge, its notifications.
  const siteContext = await browser.newContext({ baseURL });
  const sitePage = await siteContext.newPage();
  await sitePage.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(sitePage, siteAdmin);
  // Its name in each language, as the locale files give it.
  const acknowledge = () =>
    sitePage.getByRole('button', {
      name: /^(Acknowledge for our sites|Für unsere Prüfzentren bestätigen|Merkezlerimiz için onayla)$/u,
    });
  found.push(
    ...(await checkScreen(sitePage, trackingPath, async (p) => {
      await expect(p.getByTestId('site-row-017')).toBeVisible({ timeout: 20_000 });
      await expect(acknowledge()).toBeVisible();
    })),
  );
  await sitePage.evaluate(() => {
    localStorage.setItem('ccsc.language', 'en');
  });
  await sitePage.setViewportSize({ width: 390, height: 900 });
  await sitePage.goto(trackingPath);
  await sitePage.getByRole('button', { name: 'Acknowledge for our sites' }).click();
  await expect(sitePage.getByText('Acknowledged for your sites.')).toBeVisible();
  await expect(sitePage.getByTestId('site-row-017')).toContainText('Acknowledged');
  found.push(
    ...(await checkScreen(sitePage, trackingPath, async (p) => {
      await expect(p.getByTestId('site-row-017')).toContainText(siteAdmin.email);
    })),
  );
  expect(found).toEqual([]);
});
