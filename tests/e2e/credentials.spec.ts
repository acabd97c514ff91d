import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { createEnrolledUser } from '../support/aws';
import { partnerToken } from '../support/oauth';
import {
  bodyOf,
  consoleOf,
  enrolledAdmin,
  mailCount,
  nextMail,
  signInThroughUi,
} from './session-support';

/**
 * Issue 15 end to end, as new users would do it: a site's OrgAdmin issues a credential for the
 * site's eISF system; the link arrives in the contact's inbox; the contact (another browser)
 * reveals client id and secret once, and a second visit reveals nothing; a standard OAuth 2.0
 * client library gets a token from the offline discovery document; /me and /connections answer
 * for that system; a call needing a scope it lacks gets 403; a rotation issues a second secret
 * while the first still works, then the first stops when the grace period is ended; revoking
 * makes the next call 401.
 */

test.setTimeout(180_000);

interface Revealed {
  clientId: string;
  clientSecret: string;
}

test('credentials: an OrgAdmin issues for the eISF, the contact reveals once, a standard client calls the partner API, rotation without downtime, revocation', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const org = await callApi(c, 'create-organisation', {
    token: admin.idToken,
    body: { name: `Klinikum am Hafen ${tag}`, kind: 'site', country: 'DE', identifiers: [] },
  });
  const organisationId = (org.body as { data: { organisation: { organisationId: string } } }).data
    .organisation.organisationId;
  const contact = `isf-it-${tag}@klinikum-am-hafen.example`;
  const system = await callApi(c, 'create-system', {
    token: admin.idToken,
    body: {
      organisationId,
      name: `Hafen eISF ${tag}`,
      kind: 'eisf',
      vendor: 'Florence',
      product: 'eBinders',
      environment: 'production',
      technicalContactEmail: contact,
    },
  });
  expect(system.status).toBe(200);
  const orgAdmin = await createEnrolledUser(c, 'OrgAdmin', organisationId);

  // 1. The OrgAdmin issues a credential for the site's eISF.
  await signInThroughUi(page, orgAdmin);
  await page.goto('/admin/generate-api-credentials');
  await page.getByRole('button', { name: 'Issue credential' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue an API credential' });
  await issue
    .getByLabel('System', { exact: true })
    .selectOption({ label: `Hafen eISF ${tag} (Klinikum am Hafen ${tag})` });
  await issue.getByLabel('ccsc-api/system.read').check();
  await issue.getByLabel('ccsc-api/connections.read').check();
  await expect(issue.getByLabel('Technical contact email', { exact: true })).toHaveValue(contact);
  const before = await mailCount(contact);
  await issue.getByRole('button', { name: 'Issue and send the link' }).click();
  await expect(page.getByText(/was issued\. A one-time link went to/u)).toBeVisible();
  await expect(page.getByRole('table').getByText(`Hafen eISF ${tag}`)).toBeVisible();

  // 2. The link arrives; the contact opens it in their own browser and reveals once.
  const mail = await nextMail(contact, before);
  const link = /https?:\/\/[^\s"]+\/generate\/[^\s"?]+\?t=[A-Za-z0-9_-]+/u.exec(bodyOf(mail))?.[0];
  expect(link).toBeDefined();
  const contactContext = await browser.newContext();
  const contactPage = await contactContext.newPage();
  const reveal = async (url: string): Promise<Revealed> => {
    await contactPage.goto(url);
    await contactPage.getByRole('button', { name: 'Reveal' }).click();
    const clientId = await contactPage.getByLabel('Client ID', { exact: true }).inputValue();
    const clientSecret = await contactPage
      .getByLabel('Client secret', { exact: true })
      .inputValue();
    return { clientId, clientSecret };
  };
  const first = await reveal(link ?? '');
  expect(first.clientSecret.length).toBeGreaterThan(20);
  // The token left the address bar; a second visit reveals nothing.
  expect(contactPage.url()).not.toContain('?t=');
  await contactPage.goto(link ?? '');
  await expect(contactPage.getByTestId('link-refused')).toBeVisible();

  // 3. A standard OAuth 2.0 client library, from the offline discovery document.
  const tokenFor = (r: Revealed, scope: string) =>
    partnerToken(c.cognitoEndpoint, c.userPoolId, r, scope);
  const call = async (path: string, token: string) =>
    (
      await request.get(`/ccsc/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } })
    ).status();
  const both = await tokenFor(first, 'ccsc-api/system.read ccsc-api/connections.read');
  const me = await request.get('/ccsc/api/v1/me', { headers: { authorization: `Bearer ${both}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({
    data: { system: { name: `Hafen eISF ${tag}` }, organisation: { organisationId } },
  });
  expect(await call('connections', both)).toBe(200);
  const meOnly = await tokenFor(first, 'ccsc-api/system.read');
  expect(await call('connections', meOnly)).toBe(403);

  // 4. Rotation without downtime: a second secret while the first still works.
  await page.reload();
  await page
    .getByRole('button', { name: `Rotate for Hafen eISF ${tag} (Klinikum am Hafen ${tag})` })
    .click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the secret' });
  const beforeRotation = await mailCount(contact);
  await rotate.getByRole('button', { name: 'Rotate' }).click();
  await expect(page.getByText(/A new secret for .* is on its way/u)).toBeVisible();
  const rotationMail = await nextMail(contact, beforeRotation);
  const rotationLink = /https?:\/\/[^\s"]+\/generate\/[^\s"?]+\?t=[A-Za-z0-9_-]+/u.exec(
    bodyOf(rotationMail),
  )?.[0];
  const second = await reveal(rotationLink ?? '');
  expect(second.clientSecret).not.toBe(first.clientSecret);
  expect(await call('me', await tokenFor(first, 'ccsc-api/system.read'))).toBe(200);
  expect(await call('me', await tokenFor(second, 'ccsc-api/system.read'))).toBe(200);

  // The administrator ends the grace period: the first secret stops working.
  await page.reload();
  await page
    .getByRole('button', { name: `End grace now for Hafen eISF ${tag} (Klinikum am Hafen ${tag})` })
    .click();
  await page
    .getByRole('dialog', { name: 'End the grace period now' })
    .getByRole('button', { name: 'End grace now' })
    .click();
  await expect(page.getByText(/only the new one works/u)).toBeVisible();
  await expect(tokenFor(first, 'ccsc-api/system.read')).rejects.toThrow();
  const current = await tokenFor(second, 'ccsc-api/system.read');
  expect(await call('me', current)).toBe(200);

  // 5. Revoke: the next call with a token issued before is 401.
  await page
    .getByRole('button', { name: `Revoke for Hafen eISF ${tag} (Klinikum am Hafen ${tag})` })
    .click();
  const revoke = page.getByRole('dialog', { name: `Revoke the credential of Hafen eISF ${tag}` });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(/was revoked\./u)).toBeVisible();
  expect(await call('me', current)).toBe(401);
  await contactContext.close();
});
