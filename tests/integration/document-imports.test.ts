import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  exchangeXml,
  integrityOf,
  utf8,
  zipEntries,
  type EmsBatch,
  type EmsObject,
  type ZipEntrySource,
} from '@ccsc/lambdas/exchange';
import {
  buildNetwork,
  type ConnectionRow,
  must,
  type Network,
  ok,
  protocol,
  registryCall,
} from '../support/registry';

/**
 * eTMF-EMS import through the running console (issue 17): a sponsor's administrator uploads a
 * package from a CRO into a study; exchange.xml is validated, every file checked against its
 * INTEGRITY, each object filed by its artifact number (site level to the study's site by SITEID),
 * and what cannot be filed is reported with its reason. An invalid inventory or a file that is no
 * zip is refused whole; the same package again files nothing twice; the study's completeness
 * counts what was filed; a filed file downloads as it was (audited).
 */

const c = inject('console');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = (text: string): Buffer =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), randomBytes(1024), Buffer.from('%%EOF\n')]);

interface Detail {
  importId: string;
  state: string;
  objects: number;
  files: number;
  filed: number;
  alreadyFiled: number;
  notFiled: number;
  rejection: string | null;
  problems: { line: number; message: string }[];
  notFiledList: { objectId: string; reason: string; detail: string }[];
  batch: { transferSourceId: string } | null;
}
interface Filed {
  seq: number;
  objectId: string;
  artifactNumber: string;
  level: string;
  siteNumber: string | null;
  connectionId: string | null;
  fileName: string;
  sha256: string;
}

let n: Network;
let studyId: string;
let connection: ConnectionRow;

/** A zip of these entries, as bytes. */
const zipOf = async (
  entries: (Omit<ZipEntrySource, 'modified' | 'data'> & {
    data: Buffer | ZipEntrySource['data'];
  })[],
): Promise<Buffer> => {
  const chunks: Uint8Array[] = [];
  const modified = new Date('2026-10-01T09:00:00Z');
  const sources = entries.map((e): ZipEntrySource => ({
    ...e,
    modified,
    data: Buffer.isBuffer(e.data) ? Readable.from([e.data]) : e.data,
  }));
  for await (const chunk of zipEntries(sources)) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

const batch: EmsBatch = {
  studyId: 'CRO-STUDY-7',
  transferSourceId: 'ACME-CRO',
  transferId: 'T-0001',
  specificationId: 'ACME-EMS-1',
  tmfRmVersion: '3.3.1',
};

const object = (more: Partial<EmsObject> & Pick<EmsObject, 'objectId' | 'files'>): EmsObject => ({
  objectLevel: 'Trial',
  uniqueId: 1,
  artifactNumber: '01.01.01',
  personNames: [],
  objectVersion: '1.0',
  objectVersionState: 'Current',
  objectCopy: false,
  metadata: [],
  ...more,
});

const file = (name: string, contentUrl: string, bytes: Buffer) => ({
  integrity: integrityOf(sha(bytes)),
  fileName: name,
  contentUrl,
  signatures: [],
  auditRecords: [],
});

/** Announce, PUT to the presigned link, import (again while it says importing). */
const importPackage = async (
  zip: Buffer,
  who: Network['admin'] = n.people.sponsorAdmin,
  fileName = 'cro-transfer.zip',
): Promise<Detail> => {
  const started = await ok<{
    import: { importId: string; state: string };
    upload: { url: string; headers: Record<string, string> };
  }>(c, who, 's3documents/import-etmf-upload', { studyId, fileName, size: zip.length });
  expect(started.import.state).toBe('awaiting-upload');
  const put = await fetch(started.upload.url, {
    method: 'PUT',
    headers: started.upload.headers,
    body: new Uint8Array(zip),
  });
  expect(put.status).toBe(200);
  let detail: Detail;
  do {
    detail = (
      await ok<{ import: Detail }>(c, who, 's3documents/import-etmf', {
        importId: started.import.importId,
      })
    ).import;
  } while (detail.state === 'importing');
  return detail;
};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the answer's shape, named by the caller
const read = async <T>(op: string, query: Record<string, string>, who = n.people.sponsorAdmin) => {
  const res = await registryCall<T>(
    c,
    who,
    `${op}?${new URLSearchParams(query).toString()}`,
    undefined,
    'GET',
  );
  return { status: res.status, data: res.body.data as T };
};

beforeAll(async () => {
  n = await buildNetwork(c, 'Imports');
  const { study } = await ok<{ study: { studyId: string } }>(
    c,
    n.people.sponsorAdmin,
    'create-study',
    {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: protocol(),
      title: 'A trial taking over the TMF of a CRO',
      phase: 'phase-3',
    },
  );
  studyId = study.studyId;
  const invited = await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'invite-site', {
    studyId,
    siteOrganisationId: n.site.organisationId,
    siteNumber: '301',
    country: 'DE',
    principalInvestigator: 'Dr. Jana Müller',
    sponsorSystemId: n.sponsorSystem.systemId,
  });
  connection = (
    await ok<{ connection: ConnectionRow }>(c, n.people.siteAdmin, 'accept-connection', {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: n.siteSystem.systemId,
    })
  ).connection;
}, 180_000);

describe('eTMF-EMS import', () => {
  it('files every verified object by its artifact number, reports the rest, and never files one twice', async () => {
    const plan = pdf('TMF plan');
    const cv = pdf('CV of Dr. Jana Müller');
    const tampered = pdf('a licence');
    const elsewhere = pdf('a CV for a site the study does not have');
    const mail = Buffer.from('From: someone\r\n\r\nhello');
    const objects: EmsObject[] = [
      object({
        objectId: 'OBJ-1',
        objectTitle: 'TMF Plan',
        files: [file('TMF Plan v1.pdf', '01/01.01/01.01.01.TMF Plan/TMF Plan v1.pdf', plan)],
      }),
      object({
        objectId: 'OBJ-2',
        objectLevel: 'Site',
        siteId: '301',
        countryId: 'DEU',
        uniqueId: 87,
        artifactNumber: '05.02.04',
        personNames: ['Jana Müller'],
        objectTitle: 'CV Dr. Jana Müller',
        files: [file('CV Müller.pdf', '05/05.02/05.02.04.PI CV/CV Müller.pdf', cv)],
      }),
      object({
        objectId: 'OBJ-3',
        objectLevel: 'Site',
        siteId: '301',
        uniqueId: 90,
        artifactNumber: '05.02.07',
        files: [
          {
            ...file('Licence.pdf', '05/05.02/05.02.07/Licence.pdf', tampered),
            integrity: integrityOf(sha(Buffer.from('something else'))),
          },
        ],
      }),
      object({
        objectId: 'OBJ-4',
        objectLevel: 'Site',
        siteId: '999',
        uniqueId: 87,
        artifactNumber: '05.02.04',
        files: [file('CV other.pdf', '05/05.02/05.02.04/CV other.pdf', elsewhere)],
      }),
      object({
        objectId: 'OBJ-5',
        files: [file('note.eml', '01/01.01/note.eml', mail)],
      }),
      object({
        objectId: 'OBJ-6',
        uniqueId: 2,
        files: [file('TMF Plan v2.pdf', '01/01.01/missing.pdf', plan)],
      }),
      object({
        objectId: 'OBJ-7',
        artifactNumber: '99.99.99',
        files: [file('x.pdf', '01/01.01/01.01.01.TMF Plan/TMF Plan v1.pdf', plan)],
      }),
    ];
    const zip = await zipOf([
      { path: '01/01.01/01.01.01.TMF Plan/TMF Plan v1.pdf', data: plan },
      { path: '05/05.02/05.02.04.PI CV/CV Müller.pdf', data: cv },
      { path: '05/05.02/05.02.07/Licence.pdf', data: tampered },
      { path: '05/05.02/05.02.04/CV other.pdf', data: elsewhere },
      { path: '01/01.01/note.eml', data: mail },
      { path: 'exchange.xml', data: utf8(exchangeXml(batch, objects)), deflate: true },
    ]);
    const first = await importPackage(zip);
    expect(first).toMatchObject({
      state: 'completed',
      objects: 7,
      files: 7,
      filed: 2,
      alreadyFiled: 0,
      notFiled: 5,
      rejection: null,
      batch: { transferSourceId: 'ACME-CRO' },
    });
    const reasons = Object.fromEntries(first.notFiledList.map((r) => [r.objectId, r.reason]));
    expect(reasons).toEqual({
      'OBJ-3': 'checksum-mismatch',
      'OBJ-4': 'site-unknown',
      'OBJ-5': 'file-type-not-allowed',
      'OBJ-6': 'artifact-mismatch',
      'OBJ-7': 'artifact-unknown',
    });

    // The filed files: the trial-level plan to the study, the CV to site 301's connection.
    const got = await read<{ objects: Filed[]; nextCursor: string | null }>(
      's3documents/import-get',
      { importId: first.importId },
    );
    expect(got.status).toBe(200);
    expect(got.data.nextCursor).toBeNull();
    expect(got.data.objects.map((o) => [o.objectId, o.artifactNumber, o.level])).toEqual([
      ['OBJ-1', '01.01.01', 'trial'],
      ['OBJ-2', '05.02.04', 'site'],
    ]);
    const filedCv = must(got.data.objects[1]);
    expect(filedCv).toMatchObject({
      siteNumber: '301',
      connectionId: connection.connectionId,
      fileName: 'CV Müller.pdf',
      sha256: sha(cv),
    });

    // A filed file downloads as it was, and the download is in the audit trail.
    const link = await read<{ url: string }>('s3documents/import-download', {
      importId: first.importId,
      seq: String(filedCv.seq),
    });
    expect(link.status).toBe(200);
    const downloaded = Buffer.from(await (await fetch(link.data.url)).arrayBuffer());
    expect(sha(downloaded)).toBe(sha(cv));

    // The study's completeness counts them; the site's empty core artifacts lose the CV.
    const view = (
      await read<{
        artifacts: { number: string; imported: number }[];
        sites: { siteNumber: string; imported: number; missingCore: string[] }[];
      }>('artifact/study-completeness', { studyId })
    ).data;
    expect(must(view.artifacts.find((a) => a.number === '01.01.01')).imported).toBe(1);
    expect(must(view.artifacts.find((a) => a.number === '05.02.04')).imported).toBe(1);
    const site = must(view.sites.find((s) => s.siteNumber === '301'));
    expect(site.imported).toBe(1);
    expect(site.missingCore).not.toContain('05.02.04');

    // The same package again: nothing filed twice.
    const again = await importPackage(zip);
    expect(again).toMatchObject({ state: 'completed', filed: 0, alreadyFiled: 2, notFiled: 5 });

    const imports = await read<{ imports: { importId: string; filed: number }[] }>(
      's3documents/imports',
      { studyId },
    );
    expect(imports.data.imports.map((i) => [i.importId, i.filed])).toEqual([
      [again.importId, 0],
      [first.importId, 2],
    ]);

    // Each step is in the audit trail.
    const audit = await ok<{ records: { action: string }[] }>(c, n.admin, 'list-audit-records', {
      target: studyId,
    });
    expect(audit.records.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'study.import-announced',
        'study.imported-etmf',
        'imported-file.downloaded',
      ]),
    );
  });

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
