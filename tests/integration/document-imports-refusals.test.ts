import { beforeAll, describe, expect, it } from 'vitest';
import { ok, registryCall } from '../support/registry';
import {
  c,
  importPackage,
  n,
  pdf,
  read,
  setUpImportStudy,
  studyId,
  zipOf,
} from './document-imports-kit';

/**
 * eTMF-EMS import through the running console (issue 17), what is refused: the page's upload
 * allowed by the CSP and the preflight, an invalid inventory or a file that is no zip refused
 * whole, and only the study's sponsor side may import. The filing itself is in
 * document-imports.test.ts.
 */

beforeAll(setUpImportStudy, 180_000);

describe('eTMF-EMS import', () => {
  it('lets the console’s page PUT the package: the S3 origin in its CSP, the preflight answered', async () => {
    const started = await ok<{ upload: { url: string } }>(
      c,
      n.people.sponsorAdmin,
      's3documents/import-etmf-upload',
      { studyId, fileName: 'browser.zip', size: 100 },
    );
    const s3Origin = new URL(started.upload.url).origin;
    // No checksum of an empty body signed into the link (S3 would answer the real PUT BadDigest).
    expect([...new URL(started.upload.url).searchParams.keys()]).not.toContain(
      'x-amz-checksum-crc32',
    );
    const page = await fetch(`${c.url}/admin/dashboard`);
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`connect-src [^;]*${s3Origin.replace(/[.:/]/g, '\\$&')}`),
    );
    const preflight = await fetch(started.upload.url, {
      method: 'OPTIONS',
      headers: {
        origin: c.url,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PUT/);
  });

  it('refuses a package whose exchange.xml does not validate, and one that is no zip, filing nothing', async () => {
    const plan = pdf('a plan');
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<BATCH xmlns="https://tmfrefmodel.com/ems" STUDYID="S" TRANSFERSOURCEID="X" TRANSFERID="1" SPECIFICATIONID="1" TMFRMVERSION="3.3">\n<OBJECT OBJECTID="A" OBJECTLEVEL="Planet" UNIQUEID="1" ARTIFACTNUMBER="01.01.01" OBJECTVERSION="1" OBJECTVERSIONSTATE="Current" OBJECTCOPY="No"/>\n</BATCH>\n`,
    );
    const invalid = await importPackage(
      await zipOf([
        { path: 'a.pdf', data: plan },
        { path: 'exchange.xml', data: xml },
      ]),
    );
    expect(invalid.state).toBe('rejected');
    expect(invalid.filed).toBe(0);
    expect(invalid.rejection).toMatch(/does not validate/);
    expect(invalid.problems.length).toBeGreaterThan(0);
    expect(invalid.problems[0]?.line).toBeGreaterThan(0);

    const notZip = await importPackage(Buffer.from('this is not a zip at all, just some text'));
    expect(notZip.state).toBe('rejected');
    expect(notZip.rejection).toMatch(/not a zip/i);

    const noInventory = await importPackage(await zipOf([{ path: 'a.pdf', data: plan }]));
    expect(noInventory.rejection).toMatch(/no exchange\.xml/);
  });

  it('lets only the study’s sponsor side import, and says what is wrong with a request', async () => {
    const body = { studyId, fileName: 'p.zip', size: 1000 };
    const site = await registryCall(c, n.people.siteAdmin, 's3documents/import-etmf-upload', body);
    expect(site.status).toBe(403);
    const other = await registryCall(
      c,
      n.people.otherSponsorAdmin,
      's3documents/import-etmf-upload',
      body,
    );
    expect(other.status).toBe(404);
    const auditor = await registryCall(
      c,
      n.people.siteAuditor,
      's3documents/import-etmf-upload',
      body,
    );
    expect(auditor.status).toBe(403);
    const notZip = await registryCall(c, n.people.sponsorAdmin, 's3documents/import-etmf-upload', {
      ...body,
      fileName: 'p.pdf',
    });
    expect(notZip.status).toBe(400);
    const tooBig = await registryCall(c, n.people.sponsorAdmin, 's3documents/import-etmf-upload', {
      ...body,
      size: 3e9,
    });
    expect(tooBig.status).toBe(400);

    // Not uploaded yet: said, and nothing changes.
    const started = await ok<{ import: { importId: string } }>(
      c,
      n.people.sponsorAdmin,
      's3documents/import-etmf-upload',
      body,
    );
    const early = await registryCall(c, n.people.sponsorAdmin, 's3documents/import-etmf', {
      importId: started.import.importId,
    });
    expect(early.status).toBe(409);
    // Another sponsor cannot see it; nor can the site.
    for (const who of [n.people.otherSponsorAdmin, n.people.siteAdmin]) {
      const seen = await read('s3documents/import-get', { importId: started.import.importId }, who);
      expect(seen.status).toBe(404);
    }
    const unknown = await read('s3documents/import-get', {
      importId: 'imp-00000000000000000000000000',
    });
    expect(unknown.status).toBe(404);
    const badId = await read('s3documents/import-get', { importId: 'nope' });
    expect(badId.status).toBe(400);
  });
});
