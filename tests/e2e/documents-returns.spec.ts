import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { issueCredential, partnerToken } from '../support/oauth';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';
import { connectedStudy, type Data, pdf, sha } from './documents-support';
import { axeViolations, checkScreen } from './journey-support';

/**
 * Issue 35 part B in a browser: the site's system sends a CV; the sponsor's administrator opens
 * it (390 and 1440 px, en/de/tr, no sideways scrolling, no serious axe finding), rejects it in
 * the dialog with a reason and a comment, and the page shows the rejection — as it does at both
 * widths and in every language.
 */

test.setTimeout(300_000);
test('documents sent back: the receiver rejects a delivered document in the console', async ({
  page,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const { eisf, connection, sponsorAdmin } = await connectedStudy(c, admin, tag);
  const credential = await issueCredential(c, admin, eisf, ['ccsc-api/documents.send']);
  const token = await partnerToken(
    c.cognitoEndpoint,
    c.userPoolId,
    credential,
    'ccsc-api/documents.send',
  );
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as { data: Data };
  };
  const file = pdf('CV Dr. Aylin Demir, unsigned');
  const announced = await api('POST', 'documents', {
    idempotencyKey: `e2e-${randomUUID()}`,
    connectionId: connection.connectionId,
    typeCode: 'CV-SIGNED',
    title: 'CV Dr. Aylin Demir',
    personName: 'Aylin Demir',
    version: '1.0',
    documentDate: '2026-11-02',
    language: 'de',
    fileName: 'cv.pdf',
    contentType: 'application/pdf',
    size: file.length,
    sha256: sha(file),
  });
  const target = announced.data.upload as { url: string; headers: Record<string, string> };
  await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(file) });
  const id = (announced.data.document as { documentId: string }).documentId;
  await api('POST', `documents/${id}/complete`, {});
  // The offline scanner's verdict, then the delivery.
  await expect
    .poll(async () => ((await api('GET', `documents/${id}`)).data.document as Data).state, {
      timeout: 30_000,
    })
    .toBe('delivered');

  await signInThroughUi(page, sponsorAdmin);
  const path = `/admin/documents/view?documentId=${id}`;
  const heading = () => page.getByRole('heading', { level: 1, name: 'CV Dr. Aylin Demir' });
  expect(
    await checkScreen(page, path, async () => {
      await expect(heading()).toBeVisible();
    }),
  ).toEqual([]);

  await page.evaluate(() => {
    localStorage.setItem('ccsc.language', 'en');
  });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(path);
  await expect(heading()).toBeVisible();
  await page.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the document' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').selectOption({ label: 'Signature missing' });
  await dialog.getByLabel('Comment (optional)').fill('The investigator has not signed page 2.');
  const violations = await axeViolations(page, '.modal');
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByTestId('document-notice')).toHaveText(
    'The document is rejected. The sender sees why.',
  );
  await expect(page.getByTestId('rejection')).toContainText('Signature missing');
  await expect(page.getByTestId('document-state')).toHaveText('Rejected');
  // The sending system sees why.
  const followed = (await api('GET', `documents/${id}`)).data.document as Data;
  expect(followed).toMatchObject({
    state: 'rejected',
    rejection: { reason: 'missing-signature', comment: 'The investigator has not signed page 2.' },
  });
  expect(
    await checkScreen(page, path, async () => {
      await expect(page.getByTestId('rejection')).toBeVisible();
    }),
  ).toEqual([]);
});
