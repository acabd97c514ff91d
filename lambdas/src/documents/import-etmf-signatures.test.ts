import { describe, expect, it } from 'vitest';
import type { EmsSignature } from './exchange/ems-schema';
import { SIGNATURES_KEPT, importedSignaturesOf, keptSignaturesOf } from './ems-signatures';
import {
  BATCH,
  file,
  get,
  importOnce,
  object,
  packageOf,
  pdf,
  resolve,
  setUp,
} from './import-etmf-test-kit';

/**
 * What an import keeps for a round trip (issue 34 item 6): each file's SIGNATUREs, on its filed
 * row and written back by an export (export-etmf-fields.test.ts), and a country-level object's
 * SITEID; within bounds, so no inventory can make a row too large to keep.
 */

const AUTHOR: EmsSignature = {
  methodology: 'Electronic',
  userOid: 'jmueller',
  name: 'Dr. Jana Müller',
  dateTime: '2026-11-01T08:30:00+00:00',
  reason: 'Authorship',
};
const APPROVER: EmsSignature = {
  methodology: 'Digital',
  userOid: 'CN=Max Weber,O=Sponsor',
  name: 'Max Weber',
  // An xs:dateTime without an offset is valid by the schema: kept, and written back, as written.
  dateTime: '2026-11-02T09:00:00.125',
  reason: 'Approval',
};
const CV = pdf('CV, signed');
const PAGE = pdf('CV, annex page');
const LICENCE = pdf('Medical licence, signed');
const SUBMISSION = pdf('Country submission');
const URLS = {
  cv: '05/05.02/05.02.04.Principal Investigator Curriculum Vitae/CV.pdf',
  page: '05/05.02/05.02.04.Principal Investigator Curriculum Vitae/Annex.pdf',
  licence: '05/05.02/05.02.01.Medical License/Licence.pdf',
  submission: '03/03.01/03.01.01.Regulatory Submission/Submission.pdf',
};

describe('s3documents/import-etmf: what a round trip needs', () => {
  it('keeps each file’s signatures on its row, and a country-level object’s SITEID', async () => {
    const w = setUp();
    const zip = await packageOf(
      [
        object({
          objectId: 'CV-1',
          objectLevel: 'Site',
          countryId: 'DEU',
          siteId: '101',
          uniqueId: 87,
          artifactNumber: '05.02.04',
          files: [
            { ...file('CV.pdf', URLS.cv, CV), signatures: [AUTHOR, APPROVER] },
            file('Annex.pdf', URLS.page, PAGE),
          ],
        }),
        object({
          objectId: 'SUB-1',
          objectLevel: 'Country',
          countryId: 'DEU',
          // No site of the study: a country-level object is filed all the same, its SITEID kept.
          siteId: '999',
          uniqueId: 52,
          artifactNumber: '03.01.01',
          files: [file('Submission.pdf', URLS.submission, SUBMISSION)],
        }),
      ],
      { [URLS.cv]: CV, [URLS.page]: PAGE, [URLS.submission]: SUBMISSION },
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ state: 'completed', filed: 3, notFiled: 0 });
    const { objects } = await get(w, { importId: done.importId });
    expect(objects.map((o) => [o.fileName, o.signatures])).toEqual([
      [
        'CV.pdf',
        [
          {
            methodology: 'electronic',
            signerId: 'jmueller',
            signerName: 'Dr. Jana Müller',
            signedAt: '2026-11-01T08:30:00+00:00',
            reason: 'Authorship',
          },
          {
            methodology: 'digital',
            signerId: 'CN=Max Weber,O=Sponsor',
            signerName: 'Max Weber',
            signedAt: '2026-11-02T09:00:00.125',
            reason: 'Approval',
          },
        ],
      ],
      ['Annex.pdf', []],
      ['Submission.pdf', []],
    ]);
    expect(objects[2]).toMatchObject({
      level: 'country',
      countryId: 'DEU',
      siteNumber: '999',
      connectionId: null,
    });
    // Written back as they were read.
    expect(keptSignaturesOf(objects[0]?.signatures)).toEqual([AUTHOR, APPROVER]);
    expect(keptSignaturesOf(undefined)).toEqual([]);
  });

  it('keeps the signatures of a conflict’s files until a person files it', async () => {
    const w = setUp();
    const zip = await packageOf(
      [
        object({
          objectId: 'PCO-AKT-101-MED-001',
          objectLevel: 'Site',
          siteId: '101',
          uniqueId: 91,
          artifactNumber: '05.02.01',
          files: [{ ...file('Licence.pdf', URLS.licence, LICENCE), signatures: [APPROVER] }],
        }),
      ],
      { [URLS.licence]: LICENCE },
      { ...BATCH, tmfRmVersion: '3.0' },
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ conflicts: 1, filed: 0 });
    await resolve(w, {
      importId: done.importId,
      seq: 1,
      action: 'file',
      artifactNumber: '05.02.07',
    });
    const { objects } = await get(w, { importId: done.importId });
    expect(objects.map((o) => [o.artifactNumber, o.signatures.map((s) => s.signerName)])).toEqual([
      ['05.02.07', ['Max Weber']],
    ]);
  });

  it('keeps at most ten signatures a file and forty an object, their texts clipped', () => {
    const signed = (n: number, more: Partial<EmsSignature> = {}) => ({
      ...file('x.pdf', 'x.pdf', CV),
      signatures: Array.from({ length: n }, (_, i) => ({
        ...AUTHOR,
        userOid: `user-${String(i)}`,
        ...more,
      })),
    });
    const kept = importedSignaturesOf({
      files: [signed(12), signed(10), signed(10), signed(10), signed(10), signed(1)],
    });
    expect(kept.map((k) => k.length)).toEqual([10, 10, 10, 10, 0, 0]);
    expect(kept.flat()).toHaveLength(SIGNATURES_KEPT.perObject);

    const [long] = importedSignaturesOf({
      files: [
        signed(1, {
          name: 'N'.repeat(500),
          reason: 'R'.repeat(500),
          dateTime: '2026-11-01T08:30:00.123456789012+01:00',
        }),
      ],
    });
    expect(long?.[0]?.signerName).toHaveLength(200);
    expect(long?.[0]?.reason).toHaveLength(200);
    expect(long?.[0]?.signedAt).toBe('2026-11-01T08:30:00.123456789+01:00');
    // A moment longer than any real one (a year of dozens of digits) is not kept.
    const [absurd] = importedSignaturesOf({
      files: [signed(1, { dateTime: `${'9'.repeat(60)}-01-01T00:00:00Z` })],
    });
    expect(absurd).toEqual([]);
  });
});
