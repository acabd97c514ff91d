import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 36: the partner API's reference at /ccsc/api/v1/docs, public, as a vendor's engineer
 * opens it: the base URL and token URL of this console, a quickstart in curl and TypeScript whose
 * example request is the OpenAPI document's, and every call rendered from that document (Redoc).
 * Its languages and widths (no sideways scrolling, no serious or critical accessibility finding,
 * no English outside the reference itself on a German or Turkish page) are the route walk's
 * (route-walk.spec.ts), as every route's.
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
  await page.goto('/ccsc/api/v1/docs');
  await ready(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Partner API reference' }),
  ).toBeVisible();
  await expect(
    page.locator('dl').getByText(`${origin}/ccsc/api/v1`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Send a document' })).toBeVisible();
  await expect(page.locator('pre').filter({ hasText: '"idempotencyKey"' }).first()).toBeVisible();
  for (const operation of [
    'partner-me',
    'partner-list-documents',
    'partner-events',
    'partner-create-webhook',
  ]) {
    await expect(page.locator(`[data-section-id="operation/${operation}"]`)).toBeAttached();
  }
  // The document itself, to download.
  const href = await page.getByRole('link', { name: 'openapi.json' }).getAttribute('href');
  expect(href).toBe(`${origin}/ccsc/api/v1/openapi.json`);
});
