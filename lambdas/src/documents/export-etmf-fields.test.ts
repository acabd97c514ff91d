import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { WHO } from '../core/testing/connection-test-network';
import type { FiledRecord, ImportRecord } from '../core/ports/document-imports';
import { openZip } from './exchange/zip-reader';
import { parseExchangeXml } from './exchange/exchange-parse';
import { exportEtmf } from './export-etmf.core';
import { pdf, sendWhole, setUp, sha, type World } from './document-world-kit';

/**
 * What an export says of each document for a receiving eTMF (issue 34 item 6): COUNTRYID and the
 * site, SIGNATURE, the versions' states, INTEGRITY in SRI form — and the package validates
 * against the standard's schema (exchange-validate.ts, the XSD's rules), imported documents too.
 */

const SIGNER = {
  methodology: 'electronic' as const,
  signerId: 'jmueller',
  signerName: 'Dr. Jana Müller',
  signedAt: '2025-03-01T10:15:00+01:00',
  reason: 'Authorship',
};

const exportOf = async (w: World) => {
  const route = routes['s3documents/export-etmf'];
  return route.response.parse(
    await exportEtmf(route.request.parse({ studyId: 'study-1' }), WHO.sponsorAdmin, w.deps),
  );
};

/** The package's exchange.xml, parsed and checked against the schema's rules. */
const inventoryOf = async (w: World) => {
  const bytes = w.exports.last()?.bytes ?? Buffer.alloc(0);
  const zip = await openZip(
    (start, end) => Promise.resolve(bytes.subarray(start, end + 1)),
    bytes.length,
  );
  const entry = zip.entries.find((e) => e.name === 'exchange.xml');
  if (entry === undefined) throw new Error('no exchange.xml');
  const parts: Uint8Array[] = [];
  for await (const part of zip.entryStream(entry)) parts.push(part);
  const xml = Buffer.concat(parts);
  return { ...(await parseExchangeXml(xml)), xml: xml.toString('utf8'), names: zip.entries };
};

const sri = (bytes: Buffer) => `sha256-${Buffer.from(sha(bytes), 'hex').toString('base64')}`;

describe('s3documents/export-etmf: what a receiving eTMF files by', () => {
  it('writes COUNTRYID (DEU), the site, the signature, the versions and SRI integrity, valid by the schema', async () => {
    const w = setUp();
    const first = pdf('CV, first version');
    const second = pdf('CV, second version');
    const v1 = await sendWhole(w, first, { signature: SIGNER });
    const v2 = await sendWhole(w, second, {
      idempotencyKey: 'key-00000002',
      version: '2',
      supersedesDocumentId: v1.documentId,
    });
    expect(v2).toMatchObject({ state: 'delivered', supersedesDocumentId: v1.documentId });
    expect(await w.documents.get(v1.documentId)).toMatchObject({
      supersededByDocumentId: v2.documentId,
      events: expect.arrayContaining([
        expect.objectContaining({ event: 'superseded', by: 'hub' }),
      ]) as unknown,
    });
    w.clock.advance(60_000);

    expect(await exportOf(w)).toMatchObject({ documents: 2 });
    const { objects, problems, xml } = await inventoryOf(w);
    expect(problems).toEqual([]);
    const byVersion = new Map(objects.map((o) => [o.objectVersion, o]));
    // Both versions share the first one's OBJECTID; the earlier is Superseded.
    expect(byVersion.get('1')).toMatchObject({
      objectId: v1.documentId,
      objectLevel: 'Site',
      countryId: 'DEU',
      siteId: '101',
      objectVersionState: 'Superseded',
      files: [
        {
          integrity: sri(first),
          signatures: [
            {
              methodology: 'Electronic',
              userOid: 'jmueller',
              name: 'Dr. Jana Müller',
              dateTime: '2025-03-01T09:15:00+00:00',
              reason: 'Authorship',
            },
          ],
        },
      ],
    });
    expect(byVersion.get('2')).toMatchObject({
      objectId: v1.documentId,
      countryId: 'DEU',
      objectVersionState: 'Current',
      files: [{ integrity: sri(second), signatures: [] }],
    });
    // In the XSD's order: COUNTRYID before SITESYSTEMID and SITEID, SIGNATURE after FILEDESCRIPTION's place.
    expect(xml.indexOf('<COUNTRYID>DEU</COUNTRYID>')).toBeLessThan(
      xml.indexOf('<SITEID>101</SITEID>'),
    );
    expect(xml).toContain('<SIGNATUREMETHODOLOGY>Electronic</SIGNATUREMETHODOLOGY>');
  });

  it('marks the earlier version Superseded from the later one’s link where its own mark is missing', async () => {
    const w = setUp();
    const v1 = await sendWhole(w, pdf('v1'));
    await sendWhole(w, pdf('v2'), {
      idempotencyKey: 'key-00000002',
      version: '2',
      supersedesDocumentId: v1.documentId,
    });
    // As if the process had stopped between the delivery and the mark.
    const marked = await w.documents.get(v1.documentId);
    if (marked === null) throw new Error('v1 is gone');
    await w.documents.update(
      { ...marked, revision: marked.revision + 1, supersededByDocumentId: null },
      marked,
    );
    w.clock.advance(60_000);
    await exportOf(w);
    const { objects } = await inventoryOf(w);
    expect(objects.map((o) => [o.objectVersion, o.objectVersionState]).sort()).toEqual([
      ['1', 'Superseded'],
      ['2', 'Current'],
    ]);
  });

  it('exports a study whose documents came by import, with what the import kept', async () => {
    const w = setUp();
    const a = pdf('imported page 1');
    const b = pdf('imported page 2');
    const started = '2025-03-12T08:00:00.000Z';
    const record: ImportRecord = {
      importId: 'imp-1',
      revision: 3,
      studyId: 'study-1',
      protocolNumber: 'ABC-001',
      sponsorOrganisationId: 'org-sponsor',
      croOrganisationId: 'org-cro',
      organisationId: 'org-sponsor',
      state: 'completed',
      fileName: 'package.zip',
      size: 1000,
      uploadKey: 'incoming/imports/imp-1.zip',
      startedAt: started,
      startedBy: 'sponsor@example.com',
      completedAt: started,
      batch: null,
      rejection: null,
      problems: [],
      inventory: 'exchange.xml',
      inventoryCheck: null,
      objects: 1,
      files: 2,
      filed: 2,
      alreadyFiled: 0,
      notFiled: 0,
      next: { object: 1, file: 0 },
      leaseUntil: null,
    };
    await w.imports.createImport(record);
    const row = (seq: number, bytes: Buffer): FiledRecord => ({
      seq,
      importId: 'imp-1',
      studyId: 'study-1',
      objectKey: `records/study-1/imports/imp-1/0-${String(seq)}`,
      filedAt: started,
      objectId: 'PCO-AKT-101-MED-001',
      artifactNumber: '05.02.07',
      artifactName: 'Other Qualifications',
      subArtifact: 'Medical License',
      level: 'site',
      countryId: 'USA',
      siteNumber: '101',
      connectionId: 'conn-1',
      title: 'Medical licence',
      version: '1.0',
      versionState: 'Superseded',
      artifactDate: '2018-01-23',
      language: 'en',
      personNames: ['John Smith'],
      fileName: `page-${String(seq)}.pdf`,
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: sha(bytes),
      integrity: `sha256-${sha(bytes)}`,
    });
    const c = pdf('country approval');
    const t = pdf('tmf plan');
    const rows = new Map([
      // Its signature as the package stated it (no offset: valid by the schema), written back
      // the same; the second file's row is one from before rows kept signatures (none).
      [
        1,
        {
          ...row(1, a),
          signatures: [
            {
              methodology: 'digital' as const,
              signerId: 'jsmith',
              signerName: 'John Smith',
              signedAt: '2018-01-23T10:00:00',
              reason: 'Approval',
            },
          ],
        },
      ],
      [2, row(2, b)],
      // Country level through site 101, the package stating no country: the site's (DE → DEU).
      [
        3,
        {
          ...row(3, c),
          objectId: 'CTRY-1',
          artifactNumber: '03.01.01',
          level: 'country' as const,
          countryId: null,
          siteNumber: null,
          subArtifact: null,
        },
      ],
      // Trial level: neither country nor site.
      [
        4,
        {
          ...row(4, t),
          objectId: 'TRIAL-1',
          artifactNumber: '01.01.01',
          level: 'trial' as const,
          connectionId: null,
          siteNumber: null,
          subArtifact: null,
        },
      ],
    ]);
    w.imports.filed.set('imp-1', rows);
    w.files.put(rows.get(1)?.objectKey ?? '', a);
    w.files.put(rows.get(2)?.objectKey ?? '', b);
    w.files.put(rows.get(3)?.objectKey ?? '', c);
    w.files.put(rows.get(4)?.objectKey ?? '', t);
    // The malware scan's verdicts on the kept copies: every one clean.
    for (const filed of rows.values()) w.files.scanTags.set(filed.objectKey, 'NO_THREATS_FOUND');

    expect(await exportOf(w)).toMatchObject({ documents: 3, unclassified: 0 });
    const { objects, problems } = await inventoryOf(w);
    expect(problems).toEqual([]);
    expect(objects.find((o) => o.objectId === 'CTRY-1')).toMatchObject({
      objectLevel: 'Country',
      countryId: 'DEU',
      siteId: '101',
    });
    const trial = objects.find((o) => o.objectId === 'TRIAL-1');
    expect(trial).toMatchObject({ objectLevel: 'Trial' });
    expect([trial?.countryId, trial?.siteId, trial?.siteSystemId]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(objects.filter((o) => o.objectId === 'PCO-AKT-101-MED-001')).toEqual([
      expect.objectContaining({
        objectId: 'PCO-AKT-101-MED-001',
        objectLevel: 'Site',
        countryId: 'USA',
        siteId: '101',
        artifactNumber: '05.02.07',
        subArtifact: 'Medical License',
        objectVersion: '1.0',
        objectVersionState: 'Superseded',
        artifactDate: '23-JAN-2018',
        files: [
          expect.objectContaining({
            fileName: 'page-1.pdf',
            integrity: sri(a),
            signatures: [
              {
                methodology: 'Digital',
                userOid: 'jsmith',
                name: 'John Smith',
                dateTime: '2018-01-23T10:00:00',
                reason: 'Approval',
              },
            ],
          }),
          expect.objectContaining({ fileName: 'page-2.pdf', integrity: sri(b), signatures: [] }),
        ],
      }),
    ]);

    // An object one of whose files the scan has not found clean is left out whole, and counted.
    w.files.scanTags.delete(rows.get(2)?.objectKey ?? '');
    w.files.scanTags.set(rows.get(4)?.objectKey ?? '', 'THREATS_FOUND');
    w.clock.advance(60_000);
    expect(await exportOf(w)).toMatchObject({ documents: 1, unclassified: 2 });
    expect((await inventoryOf(w)).objects.map((o) => o.objectId)).toEqual(['CTRY-1']);
  });
});
