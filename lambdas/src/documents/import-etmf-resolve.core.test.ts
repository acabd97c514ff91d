import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { importedFileKeyOf } from '../core/ports/document-imports';
import { STUDY, WHO } from '../core/testing/connection-test-network';
import { integrityOf } from './exchange/layout';
import {
  BATCH,
  file,
  get,
  importOnce,
  object,
  packageOf,
  pdf,
  recordsOf,
  resolve,
  setUp,
  sha,
} from './import-etmf-test-kit';

/**
 * Conflicts (issue 34): a package built like the official eTMF-EMS example
 * (TmfRef/exchange-framework example.xml: TMFRMVERSION 3.0, its Medical License filed under
 * 05.02.01 with UNIQUEID 091), imported, listed as conflicts, resolved by a person.
 */

const LICENSE = pdf('Medical License, John Smith');
const ANNEX = pdf('Signed IB Annex, site 101');
const LICENSE_URL = '05/05.02/05.02.01.Medical License/PCO-AKT-101-MED-001.pdf';
const ANNEX_URL = '05/05.02/05.02.01.Acceptance of Investigator Brochure/IB-ANNEX-101.pdf';
const BROKEN_URL = '05/05.02/05.02.01.Medical License/BROKEN.pdf';

const siteObject = (objectId: string, uniqueId: number, name: string, url: string, bytes: Buffer) =>
  object({
    objectId,
    objectLevel: 'Site',
    countryId: 'DEU',
    siteId: '101',
    uniqueId,
    artifactNumber: '05.02.01',
    personNames: ['John Smith'],
    objectTitle: 'Acceptance of Investigator Brochure Annex for Site 101',
    subArtifact: 'Signed IB Annex',
    artifactDate: '23-JAN-2018',
    files: [file(name, url, bytes)],
  });

/** The example's object, one whose number, UNIQUEID and name agree, and a corrupted conflict. */
const exampleLike = () =>
  packageOf(
    [
      siteObject('PCO-AKT-101-MED-001', 91, 'PCO-AKT-101-MED-001.pdf', LICENSE_URL, LICENSE),
      siteObject('IB-ANNEX-101', 84, 'IB-ANNEX-101.pdf', ANNEX_URL, ANNEX),
      object({
        ...siteObject('BROKEN', 91, 'BROKEN.pdf', BROKEN_URL, LICENSE),
        files: [file('BROKEN.pdf', BROKEN_URL, LICENSE, integrityOf(sha(ANNEX)))],
      }),
    ],
    { [LICENSE_URL]: LICENSE, [ANNEX_URL]: ANNEX, [BROKEN_URL]: LICENSE },
    { ...BATCH, tmfRmVersion: '3.0' },
  );

const imported = async () => {
  const w = setUp();
  const done = await importOnce(w, await exampleLike());
  return { w, done };
};

describe('s3documents/import-etmf: conflicts', () => {
  it('lists the official example’s Medical License as a conflict, not re-filed, its file verified', async () => {
    const { w, done } = await imported();
    expect(done).toMatchObject({
      state: 'completed',
      filed: 1,
      notFiled: 1,
      conflicts: 1,
      conflictFiles: 1,
    });
    expect(done.conflictList).toEqual([
      {
        seq: 1,
        objectId: 'PCO-AKT-101-MED-001',
        artifactNumber: '05.02.01',
        uniqueId: '091',
        tmfRmVersion: '3.0',
        statedName: 'Medical License',
        title: 'Acceptance of Investigator Brochure Annex for Site 101',
        level: 'site',
        siteNumber: '101',
        why: expect.stringContaining('TMF Reference Model 3.0') as unknown,
        candidates: [
          { number: '05.02.01', name: 'Acceptance of Investigator Brochure', basis: 'number' },
          { number: '05.02.08', name: 'Form FDA 1572', basis: 'unique-id' },
          {
            number: '05.02.07',
            name: 'Site Staff Qualification Supporting Information',
            basis: 'name',
          },
        ],
        files: [
          {
            fileName: 'PCO-AKT-101-MED-001.pdf',
            size: LICENSE.length,
            sha256: sha(LICENSE),
            integrityNote: null,
          },
        ],
        state: 'open',
        resolvedBy: null,
        resolvedAt: null,
        filedAs: null,
      },
    ]);
    // The annex, whose number, UNIQUEID and name agree, is filed; the conflict is not.
    const { objects } = await get(w, { importId: done.importId });
    expect(objects.map((o) => [o.objectId, o.artifactNumber])).toEqual([
      ['IB-ANNEX-101', '05.02.01'],
    ]);
    expect(recordsOf(w)).toHaveLength(1);
    // A conflict whose file did not verify is refused, not asked about.
    expect(done.notFiledList.map((n) => [n.objectId, n.reason])).toEqual([
      ['BROKEN', 'checksum-mismatch'],
    ]);
  });

  it('files the object as the artifact a person chose, with the same verification, audited', async () => {
    const { w, done } = await imported();
    const after = await resolve(w, {
      importId: done.importId,
      seq: 1,
      action: 'file',
      artifactNumber: '05.02.07',
    });
    expect(after).toMatchObject({ filed: 2, conflicts: 0, conflictFiles: 0 });
    expect(after.conflictList[0]).toMatchObject({
      state: 'filed',
      resolvedBy: 'sponsor@example.com',
      filedAs: { number: '05.02.07', name: 'Site Staff Qualification Supporting Information' },
    });
    const { objects } = await get(w, { importId: done.importId });
    expect(objects[1]).toMatchObject({
      seq: 2,
      objectId: 'PCO-AKT-101-MED-001',
      artifactNumber: '05.02.07',
      level: 'site',
      connectionId: 'conn-101',
      sha256: sha(LICENSE),
      personNames: ['John Smith'],
      artifactDate: '2018-01-23',
    });
    const key = importedFileKeyOf(STUDY.main.studyId, done.importId, { object: 0, file: 0 });
    expect(w.files.objects.get(key)).toEqual(LICENSE);
    expect(w.files.kept.at(-1)).toMatchObject({ key, sha256: sha(LICENSE) });
    expect(w.imports.imported.get('study-1#05.02.07#conn-101')).toBe(1);
    // Once in each trail it concerns (the study's sponsor's and its CRO's), as the import is.
    const audit = w.audit.entries.filter((e) => e.action === 'study.import-conflict-filed');
    expect(audit.map((e) => e.organisationId)).toEqual(
      w.audit.entries
        .filter((e) => e.action === 'study.imported-etmf')
        .map((e) => e.organisationId),
    );
    expect(audit[0]).toMatchObject({
      before: { artifactNumber: '05.02.01', uniqueId: '091' },
      after: { importId: done.importId, seq: 1, filedAs: '05.02.07', files: 1, filed: 1 },
    });

    // The same decision again answers the report; another one is refused.
    expect(
      await resolve(w, {
        importId: done.importId,
        seq: 1,
        action: 'file',
        artifactNumber: '05.02.07',
      }),
    ).toMatchObject({ filed: 2 });
    await expect(resolve(w, { importId: done.importId, seq: 1, action: 'skip' })).rejects.toThrow(
      ConflictError,
    );
    expect(
      w.audit.entries.filter((e) => e.action.startsWith('study.import-conflict')),
    ).toHaveLength(audit.length);
  });

  it('skips the object, filing nothing, audited', async () => {
    const { w, done } = await imported();
    const after = await resolve(w, { importId: done.importId, seq: 1, action: 'skip' });
    expect(after).toMatchObject({ filed: 1, conflicts: 0, conflictFiles: 1 });
    expect(after.conflictList[0]).toMatchObject({ state: 'skipped', filedAs: null });
    expect(recordsOf(w)).toHaveLength(1);
    expect(w.audit.actions()).toContain('study.import-conflict-skipped');
  });

  it('refuses an artifact the object’s level does not allow, or none of the catalogue', async () => {
    const { w, done } = await imported();
    // 01.01.01 is filed at trial level only; the object is a site's.
    await expect(
      resolve(w, { importId: done.importId, seq: 1, action: 'file', artifactNumber: '01.01.01' }),
    ).rejects.toThrow(ValidationError);
    await expect(
      resolve(w, { importId: done.importId, seq: 1, action: 'file', artifactNumber: '99.99.99' }),
    ).rejects.toThrow(ValidationError);
    await expect(resolve(w, { importId: done.importId, seq: 9, action: 'skip' })).rejects.toThrow(
      NotFoundError,
    );
    expect((await get(w, { importId: done.importId })).import.conflicts).toBe(1);
  });

  it('is the sponsor side’s, as the import is', async () => {
    const { w, done } = await imported();
    await expect(
      resolve(w, { importId: done.importId, seq: 1, action: 'skip' }, WHO.siteAdmin),
    ).rejects.toThrow(NotFoundError);
    await expect(
      resolve(w, { importId: done.importId, seq: 1, action: 'skip' }, WHO.otherSponsorAdmin),
    ).rejects.toThrow(NotFoundError);
  });

  it('goes on after a call cut short: nothing filed until the object is, then once', async () => {
    const { w, done } = await imported();
    const keep = w.files.keep.bind(w.files);
    w.files.keep = () => Promise.reject(new Error('S3 went away.'));
    const body = {
      importId: done.importId,
      seq: 1,
      action: 'file' as const,
      artifactNumber: '05.02.07',
    };
    await expect(resolve(w, body)).rejects.toThrow('S3 went away.');
    expect((await get(w, { importId: done.importId })).import).toMatchObject({
      filed: 1,
      conflicts: 1,
    });
    // Died after the copy, before the step: the copy is verified, and no row names it.
    w.files.keep = keep;
    const step = w.imports.step.bind(w.imports);
    w.imports.step = () => Promise.reject(new Error('The process died.'));
    await expect(resolve(w, body)).rejects.toThrow('The process died.');
    expect(w.imports.filed.get(done.importId)?.size).toBe(1);
    w.imports.step = step;
    expect(await resolve(w, body)).toMatchObject({ filed: 2, conflicts: 0 });
    expect(w.imports.filed.get(done.importId)?.size).toBe(2);
  });

  it('says so when the verified copies have expired', async () => {
    const { w, done } = await imported();
    for (const key of w.files.keysUnder(`incoming/imports/${done.importId}/`)) {
      w.files.objects.delete(key);
    }
    await expect(
      resolve(w, { importId: done.importId, seq: 1, action: 'file', artifactNumber: '05.02.07' }),
    ).rejects.toThrow(/has expired/);
  });
});
