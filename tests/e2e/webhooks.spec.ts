import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { callApi } from '../support/api';
import { createEnrolledUser } from '../support/aws';
import { checkScreen } from './journey-support';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';

/**
 * Issue 36, a site's OrgAdmin in the console: from the organisation's systems to the eISF's
 * webhook endpoints; subscribes a receiver on this machine (offline, loopback targets are allowed
 * by configuration) to invitations, and is shown the signing secret once; a sponsor invites the
 * site and the receiver is POSTed the event, signed as Standard Webhooks says (the reference
 * library verifies it with that secret); the delivery log shows it delivered, and a redelivery
 * sends it again. The screen with its log, in English, German and Turkish at 390 and 1440 px:
 * no page-wide sideways scrolling, no serious accessibility finding.
 */

test.setTimeout(180_000);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const created = (res: { status: number; body: unknown }, what: string): string => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = (res.body as { data: Record<string, Record<string, string>> }).data;
  const id = Object.values(data)[0]?.[what];
  if (id === undefined) throw new Error(`no ${what}`);
  return id;
};

test('webhooks: an OrgAdmin subscribes the eISF, the secret once; an invitation arrives signed; the log and a redelivery', async ({
  page,
  request,
  baseURL,
}) => {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hooks`;
  try {
    const { info: c } = await consoleOf(request, baseURL ?? '');
    const tag = randomUUID().slice(0, 6);
    const admin = await enrolledAdmin(c);
    const as = (body: unknown, op: string) => callApi(c, op, { token: admin.idToken, body });
    const siteId = created(
      await as(
        { name: `Klinikum Süd ${tag}`, kind: 'site', country: 'DE', identifiers: [] },
        'create-organisation',
      ),
      'organisationId',
    );
    const sponsorId = created(
      await as(
        { name: `Sponsor ${tag}`, kind: 'sponsor', country: 'CH', identifiers: [] },
        'create-organisation',
      ),
      'organisationId',
    );
    const system = (organisationId: string, name: string, kind: string) =>
      as(
        {
          organisationId,
          name,
          kind,
          vendor: 'Vendor',
          product: 'Product',
          environment: 'production',
          technicalContactEmail: `it-${tag}@example.com`,
        },
        'create-system',
      );
    created(await system(siteId, `Süd eISF ${tag}`, 'eisf'), 'systemId');
    const sponsorSystemId = created(
      await system(sponsorId, `Sponsor eTMF ${tag}`, 'etmf'),
      'systemId',
    );
    const studyId = created(
      await as(
        {
          sponsorOrganisationId: sponsorId,
          protocolNumber: `PRT-${tag.toUpperCase()}`,
          title: 'A webhook trial',
          phase: 'phase-2',
        },
        'create-study',
      ),
      'studyId',
    );
    const orgAdmin = await createEnrolledUser(c, 'OrgAdmin', siteId);

    // 1. From the organisation's systems to the eISF's endpoints; subscribe, the secret once.
    await signInThroughUi(page, orgAdmin);
    await page.goto(`/admin/organisations/${siteId}`);
    await page.getByRole('link', { name: `Webhooks: Süd eISF ${tag}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Webhook endpoints of Süd eISF ${tag}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe an endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Subscribe an endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiverUrl);
    await form.getByLabel(/Invitation to a study connection/u).check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/u);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('webhook-endpoint')).toContainText(receiverUrl);

    // 2. The sponsor invites the site: the receiver is POSTed the event, signed.
    const invited = await as(
      {
        studyId,
        siteOrganisationId: siteId,
        siteNumber: '101',
        country: 'DE',
        principalInvestigator: 'Dr. Lena Vogel',
        sponsorSystemId,
      },
      'invite-site',
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const first = received[0];
    if (first === undefined) throw new Error('nothing received');
    const headers = Object.fromEntries(
      Object.entries(first.headers).map(([k, v]) => [k, String(v)]),
    );
    const payload = new Webhook(secret).verify(first.body, headers) as { type: string };
    expect(payload.type).toBe('connection.invited');

    // 3. The log shows it delivered; a redelivery sends it again.
    await page.getByRole('link', { name: `Delivery log: ${receiverUrl}` }).click();
    const row = page.getByTestId('webhook-delivery');
    await expect(row).toContainText('Invitation to a study connection');
    await expect(row).toContainText('HTTP 204');
    await expect(row).toContainText('Delivered');
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Sent again: the endpoint answered HTTP 204.')).toBeVisible();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);

    // 4. The screen and its log in every language at both widths.
    const logPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const findings = await checkScreen(page, logPath, async (shown: Page) => {
      await expect(shown.getByTestId('webhook-delivery')).toBeVisible();
    });
    expect(findings).toEqual([]);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
