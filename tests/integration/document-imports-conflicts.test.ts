import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmsObject, exchangeXml, integrityOf, utf8 } from '@ccsc/lambdas/exchange';
import { ok, registryCall } from '../support/registry';
import {
  batch,
  c,
  connection,
  file,
  type Filed,
  importPackage,
  n,
  object,
  pdf,
  read,
  setUpImportStudy,
  sha,
  zipOf,
} from './document-imports-kit';

/**
 * Issue 34 through the running console, its DynamoDB and its bucket: a package built like the
 * official eTMF-EMS example (TMFRMVERSION 3.0; its Medical License under 05.02.01 with UNIQUEID
 * 091) imports with that object listed as a conflict, not filed; a two-file object with one
 * corrupted file files nothing of it and says which file; an MD5-only file is filed with a note;
 * a person resolves the conflict (file as an artifact of the catalogue), audited, once.
 */

beforeAll(setUpImportStudy, 180_000);

interface Conflict {
  seq: number;
  objectId: string;
  state: string;
  candidates: { number: string; basis: string }[];
  filedAs: { number: string } | null;
}
interface FiledWithNote extends Filed {
  integrityNote: string | null;
}
interface Report {
  importId: string;
  state: string;
  filed: number;
  notFiled: number;
  conflicts: number;
  conflictFiles: number;
  conflictList: Conflict[];
  notFiledList: {
    objectId: string;
    reason: string;
    files: { fileName: string; outcome: string }[];
  }[];
}

const LICENSE = pdf('Medical License, John Smith');
const PROTOCOL = pdf('Protocol v2');
const SIGNATURES = pdf('Protocol v2 signatures');
const OLD_PLAN = pdf('TMF plan, checked with MD5 only');
const URLS = {
  license: '05/05.02/05.02.01.Medical License/PCO-AKT-101-MED-001.pdf',
  protocol: '02/02.01/02.01.02.Protocol/Protocol v2.pdf',
  signatures: '02/02.01/02.01.02.Protocol/Signatures.pdf',
  plan: '01/01.01/01.01.01.Trial Master File Plan/Plan.pdf',
};

const exampleLike = async () => {
  const objects: EmsObject[] = [
    object({
      objectId: 'PCO-AKT-101-MED-001',
      objectLevel: 'Site',
      countryId: 'DEU',
      siteId: '301',
      uniqueId: 91,
      artifactNumber: '05.02.01',
      personNames: ['John Smith'],
      subArtifact: 'Signed IB Annex',
      objectTitle: 'Acceptance of Investigator Brochure Annex for Site 301',
      files: [file('PCO-AKT-101-MED-001.pdf', URLS.license, LICENSE)],
    }),
    object({
      objectId: 'PROTOCOL-2',
      uniqueId: 32,
      artifactNumber: '02.01.02',
      files: [
        file('Protocol v2.pdf', URLS.protocol, PROTOCOL),
        {
          ...file('Signatures.pdf', URLS.signatures, SIGNATURES),
          integrity: integrityOf(sha(Buffer.from('another file'))),
        },
      ],
    }),
    object({
      objectId: 'PLAN-MD5',
      files: [
        {
          ...file('Plan.pdf', URLS.plan, OLD_PLAN),
          integrity: `MD5:${createHash('md5').update(OLD_PLAN).digest('hex')}`,
        },
      ],
    }),
  ];
  let xml = '';
  for await (const piece of exchangeXml({ ...batch, tmfRmVersion: '3.0' }, objects)) xml += piece;
  return zipOf([
    { path: URLS.license, data: LICENSE },
    { path: URLS.protocol, data: PROTOCOL },
    { path: URLS.signatures, data: SIGNATURES },
    { path: URLS.plan, data: OLD_PLAN },
    { path: 'exchange.xml', data: utf8(xml), deflate: true },
  ]);
};

const report = async (importId: string) =>
  (await read<{ import: Report; objects: FiledWithNote[] }>('s3documents/import-get', { importId }))
    .data;

describe('eTMF-EMS import: conflicts, all or nothing, weaker checksums (issue 34)', () => {
  it('lists the example’s Medical License as a conflict, files nothing of a half-corrupted object, and a person files the conflict', async () => {
    const { importId } = await importPackage(await exampleLike());
    const { import: done } = await report(importId);
    expect(done).toMatchObject({
      state: 'completed',
      filed: 1,
      notFiled: 2,
      conflicts: 1,
      conflictFiles: 1,
    });
    expect(done.conflictList).toMatchObject([
      {
        seq: 1,
        objectId: 'PCO-AKT-101-MED-001',
        state: 'open',
        candidates: [
          { number: '05.02.01', basis: 'number' },
          { number: '05.02.08', basis: 'unique-id' },
          { number: '05.02.07', basis: 'name' },
        ],
      },
    ]);
    expect(done.notFiledList).toMatchObject([
      {
        objectId: 'PROTOCOL-2',
        reason: 'checksum-mismatch',
        files: [
          { fileName: 'Protocol v2.pdf', outcome: 'verified' },
          { fileName: 'Signatures.pdf', outcome: 'checksum-mismatch' },
        ],
      },
    ]);
    let { objects } = await report(done.importId);
    expect(objects.map((o) => o.objectId)).toEqual(['PLAN-MD5']);
    expect(objects[0]?.integrityNote).toMatch(/^Checked with MD5/u);

    // A site of the study may not decide; the sponsor's administrator files it as 05.02.07.
    const refused = await registryCall(c, n.people.siteAdmin, 's3documents/import-resolve', {
      importId: done.importId,
      seq: 1,
      action: 'file',
      artifactNumber: '05.02.07',
    });
    expect([403, 404]).toContain(refused.status);
    const body = { importId: done.importId, seq: 1, action: 'file', artifactNumber: '05.02.07' };
    const after = (
      await ok<{ import: Report }>(c, n.people.sponsorAdmin, 's3documents/import-resolve', body)
    ).import;
    expect(after).toMatchObject({ filed: 2, conflicts: 0, conflictFiles: 0 });
    expect(after.conflictList[0]).toMatchObject({
      state: 'filed',
      filedAs: { number: '05.02.07' },
    });
    ({ objects } = await report(done.importId));
    const license = objects.find((o) => o.objectId === 'PCO-AKT-101-MED-001');
    expect(license).toMatchObject({
      artifactNumber: '05.02.07',
      level: 'site',
      connectionId: connection.connectionId,
      sha256: sha(LICENSE),
    });
    // What is filed downloads as it was in the package.
    const link = await read<{ url: string }>('s3documents/import-download', {
      importId: done.importId,
      seq: String(license?.seq ?? 0),
    });
    expect(Buffer.from(await (await fetch(link.data.url)).arrayBuffer())).toEqual(LICENSE);

    // The same decision again answers the report; another one is refused with why.
    expect(
      (await ok<{ import: Report }>(c, n.people.sponsorAdmin, 's3documents/import-resolve', body))
        .import.filed,
    ).toBe(2);
    const skip = await registryCall(c, n.people.sponsorAdmin, 's3documents/import-resolve', {
      importId: done.importId,
      seq: 1,
      action: 'skip',
    });
    expect(skip.status).toBe(409);
  });
});
