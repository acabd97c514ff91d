import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EXCHANGE_XML, openZip, parseExchangeXml, parseIntegrity } from '@ccsc/lambdas/exchange';
import { callApi } from '../support/api';
import { issueCredential, partnerToken } from '../support/oauth';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';
import {
  call,
  connectedStudy,
  type Data,
  pdf,
  publish,
  row,
  sha,
  SITE_ROWS,
  type Standard,
} from './documents-support';

/**
 * Issue 17 end to end, as new users would do it. Two systems' engineers, each with the
 * credential an administrator issued (revealed through the e-mailed link) and a token from a
 * standard OAuth client: the site's eISF sends a signed CV and a medical licence for an active
 * connection; the sponsor's eTMF receives them in its own types with the right artifact numbers
 * and acknowledges. A document of a type the site's standard does not map is held; the site's
 * administrator finds it in the console's held queue, follows "Map this type" to the standard,
 * which is extended and published (signed), and the document is delivered. The administrator
 * downloads a document (recorded on it and in the audit trail) and exports the study as an
 * eTMF-EMS package whose checksums all hold; the sponsor's administrator imports that package
 * into the extension study through the console, every file verified and filed at the same site.
 * A wrong checksum, a forbidden type and a connection the system is not in are refused.
 */

test.setTimeout(300_000);
test('documents: a site system sends, the sponsor system receives in its own types; a held type is mapped and released; download (audited), eTMF-EMS export and import into another study; refusals', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { info: c } = await consoleOf(request, baseURL ?? '');
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const {
    sponsorId,
    siteId,
    etmf,
    eisf,
    study,
    connection,
    siteAdmin,
    sponsorAdmin,
    siteStandard,
  } = await connectedStudy(c, admin, tag);

  // ---- the systems' credentials and tokens, as their engineers get them ----
  const [siteCredential, sponsorCredential] = await Promise.all([
    issueCredential(c, admin, eisf, ['ccsc-api/documents.send']),
    issueCredential(c, admin, etmf, ['ccsc-api/documents.receive']),
  ]);
  const siteToken = await partnerToken(
    c.cognitoEndpoint,
    c.userPoolId,
    siteCredential,
    'ccsc-api/documents.send',
  );
  const sponsorToken = await partnerToken(
    c.cognitoEndpoint,
    c.userPoolId,
    sponsorCredential,
    'ccsc-api/documents.receive',
  );
  const api = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as { data: Data; error?: Data } };
  };
  const announce = (file: Buffer, more: Data) =>
    api(siteToken, 'POST', 'documents', {
      idempotencyKey: `e2e-${randomUUID()}`,
      connectionId: connection.connectionId,
      version: '1.0',
      documentDate: '2026-11-02',
      language: 'de',
      fileName: 'document.pdf',
      contentType: 'application/pdf',
      size: file.length,
      sha256: sha(file),
      ...more,
    });
  const send = async (file: Buffer, more: Data, upload = file) => {
    const announced = await announce(file, more);
    expect(announced.status, JSON.stringify(announced.body)).toBe(200);
    const target = announced.body.data.upload as { url: string; headers: Record<string, string> };
    expect(
      (
        await fetch(target.url, {
          method: 'PUT',
          headers: target.headers,
          body: new Uint8Array(upload),
        })
      ).status,
    ).toBe(200);
    const id = (announced.body.data.document as { documentId: string }).documentId;
    const completed = await api(siteToken, 'POST', `documents/${id}/complete`, {});
    // The hub scans every kept file before it goes on (the offline scanner): its verdict awaited.
    const giveUpAt = Date.now() + 30_000;
    while (
      completed.status === 200 &&
      (completed.body.data.document as { state: string }).state === 'awaiting-scan' &&
      Date.now() < giveUpAt
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      completed.body = (await api(siteToken, 'GET', `documents/${id}`)).body;
    }
    return { id, completed };
  };

  // ---- a signed CV and a medical licence, received in the sponsor's types ----
  const cvFile = pdf('CV Dr. Aylin Demir, signed');
  const cv = await send(cvFile, {
    typeCode: 'CV-SIGNED',
    title: 'CV Dr. Aylin Demir (signed)',
    personName: 'Aylin Demir',
    fileName: 'CV Demir.pdf',
  });
  expect(cv.completed.body.data.document).toMatchObject({ state: 'delivered' });
  const licence = await send(pdf('Approbation'), {
    typeCode: 'MED-LIC',
    title: 'Approbationsurkunde Dr. Aylin Demir',
    personName: 'Aylin Demir',
  });
  expect(licence.completed.body.data.document).toMatchObject({ state: 'delivered' });
  const inbox = await api(sponsorToken, 'GET', 'documents');
  const received = inbox.body.data.documents as {
    documentId: string;
    typeCode: string;
    artifactNumber: string;
  }[];
  expect(received.find((d) => d.documentId === cv.id)).toMatchObject({
    typeCode: 'TMF-CV',
    artifactNumber: '05.02.04',
  });
  expect(received.find((d) => d.documentId === licence.id)).toMatchObject({
    typeCode: 'TMF-QUAL',
    artifactNumber: '05.02.07',
  });
  for (const d of received) {
    const ack = await api(sponsorToken, 'POST', `documents/${d.documentId}/acknowledge`, {});
    expect(ack.body.data.state).toBe('acknowledged');
  }

  // ---- refused: a wrong checksum, a forbidden type, a connection not the system's ----
  const wrong = await send(
    pdf('real'),
    { typeCode: 'MED-LIC', title: 'x', personName: 'A' },
    pdf('fake'),
  );
  expect(wrong.completed.status).toBe(400);
  const forbidden = await announce(Buffer.from('MZ'), {
    typeCode: 'MED-LIC',
    title: 'A program',
    personName: 'A',
    fileName: 'setup.exe',
    contentType: 'application/x-msdownload',
  });
  expect(forbidden.status).toBe(400);
  const foreign = await announce(pdf('x'), {
    typeCode: 'MED-LIC',
    title: 'x',
    personName: 'A',
    connectionId: 'conn-of-someone-else',
  });
  expect(foreign.status).toBe(404);

  // ---- held: the site's standard does not map Form FDA 1572 ----
  const form = await send(pdf('Form FDA 1572'), {
    typeCode: 'FDA-1572',
    title: `Form FDA 1572 ${tag}`,
  });
  expect(form.completed.body.data.document).toMatchObject({
    state: 'held',
    holdReason: 'sender-type-unmapped',
  });

  await signInThroughUi(page, siteAdmin);
  await page.getByRole('button', { name: /menu/i }).click();
  // From the menu (the dashboard it lands on has figures about documents too).
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'Held', exact: true }).click();
  await page.getByRole('link', { name: `Form FDA 1572 ${tag}` }).click();
  await expect(page.getByText("Sender's type not mapped").first()).toBeVisible();
  await page.getByRole('link', { name: 'Map this type' }).click();
  await expect(page).toHaveURL(new RegExp(`standardId=${siteStandard.standard.standardId}`));
  // At the row that is missing: the standard says so, and how to add it.
  await expect(page).toHaveURL(/code=FDA-1572/);
  await expect(
    page.getByText('Documents of type FDA-1572 are held: this standard has no row for it.'),
  ).toBeVisible();

  // The standard extended and published (signed) — then the document goes on by itself.
  const next = await call<Standard>(c, siteAdmin.idToken, 'artifact/new-version', {
    standardId: siteStandard.standard.standardId,
    fromVersion: siteStandard.standard.version,
    revision: siteStandard.revision,
  });
  const extended = await call<Standard>(c, siteAdmin.idToken, 'artifact/update-standard', {
    standardId: next.standard.standardId,
    version: next.standard.version,
    revision: next.revision,
    rows: [
      ...SITE_ROWS,
      row({ sourceCode: 'FDA-1572', sourceName: 'Form FDA 1572', artifactNumber: '05.02.08' }),
    ],
  });
  await publish(c, siteAdmin, extended);
  await page.goto(`/admin/documents/view?documentId=${form.id}`);
  await expect(page.getByText('Delivered').first()).toBeVisible();
  await expect(page.getByText('TMF-1572').first()).toBeVisible();
  const later = await api(
    sponsorToken,
    'GET',
    `documents?since=${encodeURIComponent(String(inbox.body.data.nextCursor))}`,
  );
  expect(
    (later.body.data.documents as { documentId: string }[]).map((d) => d.documentId),
  ).toContain(form.id);

  // ---- the CV downloaded from its page: the same bytes, recorded and audited ----
  await page.goto(`/admin/documents/view?documentId=${cv.id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('CV Demir.pdf');
  expect(sha(await readFile(await download.path()))).toBe(sha(cvFile));
  await expect(page.getByText(siteAdmin.email).first()).toBeVisible();

  // ---- the CV shown in the page: read through its link, checked, drawn by PDF.js ----
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.getByRole('button', { name: 'Show in page' }).click();
  await expect(page.getByTestId('viewer-page')).toHaveText('Page 1 of 1');
  await expect(page.getByTestId('viewer-integrity')).toHaveText(
    'The file read matches the SHA-256 the hub recorded.',
  );
  const canvas = page.getByTestId('viewer-canvas');
  await expect(canvas).toHaveAccessibleName(/, page 1 of 1$/);
  await expect(canvas).toBeVisible();
  // Drawn at the page's proportions (A4: 595 × 842 points), the worker from our own origin.
  await expect
    .poll(() =>
      canvas.evaluate((c) => (c as HTMLCanvasElement).height / (c as HTMLCanvasElement).width),
    )
    .toBeCloseTo(842 / 595, 1);
  expect(errors).toEqual([]);

  const audit = await call<{ records: { action: string }[] }>(
    c,
    admin.idToken,
    'list-audit-records',
    {
      target: cv.id,
    },
  );
  expect(audit.records.map((r) => r.action)).toEqual(
    expect.arrayContaining([
      'document.sent',
      'document.received',
      'document.acknowledged',
      'document.downloaded',
    ]),
  );

  // ---- the study as an eTMF-EMS package: valid inventory, every checksum right ----
  const exported = await call<{ url: string; documents: number }>(
    c,
    sponsorAdmin.idToken,
    's3documents/export-etmf',
    { studyId: study.studyId },
  );
  expect(exported.documents).toBe(3);
  const zip = new Uint8Array(await (await fetch(exported.url)).arrayBuffer());
  const archive = await openZip(
    (start, end) => Promise.resolve(zip.subarray(start, end + 1)),
    zip.length,
  );
  const entries = new Map(archive.entries.map((e) => [e.name, e]));
  const read = async (name: string) => {
    const chunks: Uint8Array[] = [];
    const entry = entries.get(name);
    if (entry === undefined) throw new Error(`${name} is not in the package`);
    for await (const chunk of archive.entryStream(entry)) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const inventory = await parseExchangeXml(await read(EXCHANGE_XML));
  expect(inventory.problems).toEqual([]);
  expect(inventory.objects.map((o) => o.artifactNumber).sort()).toEqual([
    '05.02.04',
    '05.02.07',
    '05.02.08',
  ]);
  for (const object of inventory.objects) {
    for (const file of object.files) {
      expect(parseIntegrity(file.integrity)?.hex).toBe(sha(await read(file.contentUrl)));
    }
  }

  // ---- the package imported into the follow-up study, through the console ----
  const { study: followUp } = await call<{ study: { studyId: string } }>(
    c,
    admin.idToken,
    'create-study',
    {
      sponsorOrganisationId: sponsorId,
      protocolNumber: `NS-${tag}-EXT`,
      title: 'The extension study',
      phase: 'phase-3',
    },
  );
  await call(c, admin.idToken, 'invite-site', {
    studyId: followUp.studyId,
    siteOrganisationId: siteId,
    siteNumber: '017',
    country: 'DE',
    principalInvestigator: 'Dr. Aylin Demir',
    sponsorSystemId: etmf,
  });
  const sponsorPage = await browser.newPage({ baseURL });
  await signInThroughUi(sponsorPage, sponsorAdmin);
  await sponsorPage.goto(`/admin/documents/completeness?studyId=${followUp.studyId}`);
  await sponsorPage.getByRole('button', { name: 'Import eTMF-EMS package' }).click();
  await sponsorPage.getByLabel('eTMF-EMS package (.zip)').setInputFiles({
    name: `NS-${tag}-etmf-ems.zip`,
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  await sponsorPage.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    sponsorPage.getByRole('heading', { name: 'eTMF-EMS import', exact: true }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(sponsorPage.getByText('Completed').first()).toBeVisible();
  const importId = new URL(sponsorPage.url()).searchParams.get('importId') ?? '';
  const report = await callApi(c, `s3documents/import-get?importId=${importId}`, {
    method: 'GET',
    token: sponsorAdmin.idToken,
  });
  expect(report.status).toBe(200);
  const imported = (
    report.body as {
      data: {
        import: { state: string; filed: number; notFiled: number };
        objects: { artifactNumber: string; siteNumber: string | null; sha256: string }[];
      };
    }
  ).data;
  expect(imported.import).toMatchObject({ state: 'completed', filed: 3, notFiled: 0 });
  expect(imported.objects.map((o) => o.artifactNumber).sort()).toEqual([
    '05.02.04',
    '05.02.07',
    '05.02.08',
  ]);
  expect(imported.objects.every((o) => o.siteNumber === '017')).toBe(true);
  // Every file the same bytes as the package's, its checksum verified on the way in.
  const packaged = new Set(
    await Promise.all(
      inventory.objects.flatMap((o) => o.files.map(async (f) => sha(await read(f.contentUrl)))),
    ),
  );
  for (const o of imported.objects) expect(packaged.has(o.sha256)).toBe(true);
  // One of them downloaded from the import's page: the same bytes.
  const fetching = sponsorPage.waitForEvent('download');
  await sponsorPage.getByRole('button', { name: 'Download' }).first().click();
  const fetched = await fetching;
  expect(packaged.has(sha(await readFile(await fetched.path())))).toBe(true);
  await sponsorPage.close();
});
