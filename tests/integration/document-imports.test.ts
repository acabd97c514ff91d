import { beforeAll, describe, expect, it } from 'vitest';
import { type EmsObject, exchangeXml, integrityOf, utf8 } from '@ccsc/lambdas/exchange';
import { must, ok } from '../support/registry';
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
  studyId,
  zipOf,
} from './document-imports-kit';

/**
 * eTMF-EMS import through the running console (issue 17): a sponsor's administrator uploads a
 * package from a CRO into a study; exchange.xml is validated, every file checked against its
 * INTEGRITY, each object filed by its artifact number (site level to the study's site by SITEID),
 * and what cannot be filed is reported with its reason (an uncertain artifact as a conflict:
 * document-imports-conflicts.test.ts). An invalid inventory or a file that is no
 * zip is refused whole; the same package again files nothing twice; the study's completeness
 * counts what was filed; a filed file downloads as it was (audited).
 */

beforeAll(setUpImportStudy, 180_000);

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
        uniqueId: 999,
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
      conflicts: 0,
      rejection: null,
      batch: { transferSourceId: 'ACME-CRO' },
    });
    const reasons = Object.fromEntries(first.notFiledList.map((r) => [r.objectId, r.reason]));
    expect(reasons).toEqual({
      'OBJ-3': 'checksum-mismatch',
      'OBJ-4': 'site-unknown',
      'OBJ-5': 'file-type-not-allowed',
      // Its number and UNIQUEID disagree (a conflict for a person, issue 34), but its file is
      // not in the package: refused, not asked about.
      'OBJ-6': 'file-missing',
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
    expect(again).toMatchObject({
      state: 'completed',
      filed: 0,
      alreadyFiled: 2,
      notFiled: 5,
      conflicts: 0,
    });

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
});
