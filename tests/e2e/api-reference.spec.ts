import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './journey-support';

/**
 * Issue 36: the partner API's reference at /ccsc/api/v1/docs, public, as a vendor's engineer
 * opens it: the base URL and token URL of this console, a quickstart in curl and TypeScript whose
 * example request is the OpenAPI document's, and every call rendered from that document (Redoc).
 * In English, German and Turkish at 390 and 1440 px: no sideways scrolling of the page, no
 * serious or critical accessibility finding.
 */

test.setTimeout(120_000);

const ready = async (page: Page) => {
  await expect(page.locator('article.api-reference > h1')).toBeVisible();
  // Redoc has rendered the operations.
  await expect(page.locator('[data-section-id="operation/partner-send-document"]')).toBeAttached({
    timeout: 20_000,
  });
};

test('the reference shows this console’s URLs, a quickstart from the document, and every call', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  // What the page shows is checked on its first rendering (English, 390 px), inside checkScreen:
  // Redoc's rendering is most of this test's time, so the page is rendered once per language.
  let checked = false;
  const readyAndShown = async (shown: Page) => {
    await ready(shown);
    if (checked) return;
    checked = true;
    await expect(
      shown.getByRole('heading', { level: 1, name: 'Partner API reference' }),
    ).toBeVisible();
    await expect(
      shown.locator('dl').getByText(`${origin}/ccsc/api/v1`, { exact: true }),
    ).toBeVisible();
    await expect(shown.getByRole('heading', { name: '2. Send a document' })).toBeVisible();
    await expect(
      shown.locator('pre').filter({ hasText: '"idempotencyKey"' }).first(),
    ).toBeVisible();
    for (const operation of [
      'partner-me',
      'partner-list-documents',
      'partner-events',
      'partner-create-webhook',
    ]) {
      await expect(shown.locator(`[data-section-id="operation/${operation}"]`)).toBeAttached();
    }
    // The document itself, to download.
    const href = await shown.getByRole('link', { name: 'openapi.json' }).getAttribute('href');
    expect(href).toBe(`${origin}/ccsc/api/v1/openapi.json`);
  };
  await page.goto('/');
  const findings = await checkScreen(page, '/ccsc/api/v1/docs', readyAndShown);
  expect(checked).toBe(true);
  expect(findings).toEqual([]);
});
