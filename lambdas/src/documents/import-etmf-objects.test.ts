import { describe, expect, it } from 'vitest';
import { importStageKeyOf } from '../core/ports/document-imports';
import { integrityOf } from './exchange/layout';
import {
  announce,
  file,
  get,
  importOnce,
  object,
  packageOf,
  pdf,
  recordsOf,
  run,
  runToEnd,
  setUp,
  sha,
} from './import-etmf-test-kit';

/** All or nothing per object (issue 34): an object is filed only when every one of its files verified. */

const PROTOCOL = pdf('Protocol v2, signed');
const SIGNATURES = pdf('Protocol v2, signature page');
const OTHER = pdf('another object');
const PATHS = {
  protocol: '02/02.01/02.01.02.Protocol/Protocol v2.pdf',
  signatures: '02/02.01/02.01.02.Protocol/Signatures.pdf',
  other: '01/01.01/01.01.01.Trial Master File Plan/Plan.pdf',
};

/** A two-file object whose second file is corrupted (its INTEGRITY is another file's), and a good one. */
const corrupted = () =>
  packageOf(
    [
      object({
        objectId: 'PROTOCOL-2',
        uniqueId: 32,
        artifactNumber: '02.01.02',
        objectTitle: 'Protocol v2',
        files: [
          file('Protocol v2.pdf', PATHS.protocol, PROTOCOL),
          file('Signatures.pdf', PATHS.signatures, SIGNATURES, integrityOf(sha(OTHER))),
        ],
      }),
      object({ objectId: 'PLAN', files: [file('Plan.pdf', PATHS.other, OTHER)] }),
    ],
    { [PATHS.protocol]: PROTOCOL, [PATHS.signatures]: SIGNATURES, [PATHS.other]: OTHER },
  );

describe('s3documents/import-etmf: all or nothing per object', () => {
  it('files nothing of a two-file object with one corrupted file, and says which file', async () => {
    const w = setUp();
    const done = await importOnce(w, await corrupted());
    expect(done).toMatchObject({
      state: 'completed',
      objects: 2,
      files: 3,
      filed: 1,
      notFiled: 2,
      conflicts: 0,
    });
    expect(done.notFiledList).toEqual([
      {
        objectId: 'PROTOCOL-2',
        fileName: 'Signatures.pdf',
        artifactNumber: '02.01.02',
        reason: 'checksum-mismatch',
        detail: `1 of its 2 files did not verify, so nothing of the object is filed. ${PATHS.signatures}: its SHA-256 is ${sha(SIGNATURES)}, not ${sha(OTHER)} as INTEGRITY states.`,
        files: [
          {
            fileName: 'Protocol v2.pdf',
            outcome: 'verified',
            detail: 'Verified, but not filed: another file of its object was not.',
            integrityNote: null,
          },
          {
            fileName: 'Signatures.pdf',
            outcome: 'checksum-mismatch',
            detail: `${PATHS.signatures}: its SHA-256 is ${sha(SIGNATURES)}, not ${sha(OTHER)} as INTEGRITY states.`,
            integrityNote: null,
          },
        ],
      },
    ]);
    // Nothing of it under records/ (its good file stays in its stage, which expires); the
    // other object is filed.
    const { objects } = await get(w, { importId: done.importId });
    expect(objects.map((o) => o.objectId)).toEqual(['PLAN']);
    expect(recordsOf(w)).toHaveLength(1);
    expect(w.files.objects.get(recordsOf(w)[0] ?? '')).toEqual(OTHER);
    expect(w.files.objects.get(importStageKeyOf(done.importId, { object: 0, file: 0 }))).toEqual(
      PROTOCOL,
    );
    expect(w.imports.imported.get('study-1#02.01.02#')).toBeUndefined();
  });

  it('files both files of an object together, in one step, once the second verified', async () => {
    const w = setUp();
    const zip = await packageOf(
      [
        object({
          objectId: 'PROTOCOL-2',
          uniqueId: 32,
          artifactNumber: '02.01.02',
          files: [
            file('Protocol v2.pdf', PATHS.protocol, PROTOCOL),
            file('Signatures.pdf', PATHS.signatures, SIGNATURES),
          ],
        }),
      ],
      { [PATHS.protocol]: PROTOCOL, [PATHS.signatures]: SIGNATURES },
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ filed: 2, notFiled: 0 });
    const filedSteps = w.imports.steps.filter((s) => s.row === 'filed');
    expect(filedSteps).toHaveLength(1);
    expect(w.imports.imported.get('study-1#02.01.02#')).toBe(2);
  });

  it('files an object holding the same file twice once, the copy counted as already there', async () => {
    const w = setUp();
    const copy = '02/02.01/02.01.02.Protocol/Protocol v2 (copy).pdf';
    const zip = await packageOf(
      [
        object({
          objectId: 'PROTOCOL-2',
          uniqueId: 32,
          artifactNumber: '02.01.02',
          files: [
            file('Protocol v2.pdf', PATHS.protocol, PROTOCOL),
            file('Protocol v2 (copy).pdf', copy, PROTOCOL),
          ],
        }),
      ],
      { [PATHS.protocol]: PROTOCOL, [copy]: PROTOCOL },
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ state: 'completed', filed: 1, alreadyFiled: 1, notFiled: 0 });
    expect(recordsOf(w)).toHaveLength(1);
  });

  it('goes on after a call cut short in the middle of an object, reading no file twice', async () => {
    // A budget of 1 ms and a clock that moves a second a reading: one file a call.
    const w = setUp({ budgetMs: 1, tickMs: 1000 });
    const importId = await announce(w, await corrupted());
    const first = await run(w, importId);
    // The first file checked and its check kept with the progress; nothing filed yet.
    expect(first).toMatchObject({ state: 'importing', filed: 0, notFiled: 0 });
    const record = w.imports.imports.get(importId);
    expect(record?.next).toEqual({ object: 0, file: 1 });
    expect(record?.checked).toMatchObject([{ ok: true, fileName: 'Protocol v2.pdf' }]);
    expect(recordsOf(w)).toEqual([]);

    const { last } = await runToEnd(w, importId);
    expect(last).toMatchObject({ state: 'completed', filed: 1, notFiled: 2 });
    expect(last.notFiledList[0]?.files.map((f) => f.outcome)).toEqual([
      'verified',
      'checksum-mismatch',
    ]);
    // Each of the three files was read once.
    expect(w.files.calls.store).toBe(3);
    expect(w.imports.imports.get(importId)?.checked).toEqual([]);
  });

  it('goes on after a process died between an object’s copies and its step, filing it once', async () => {
    const w = setUp();
    const importId = await announce(w, await corrupted());
    const step = w.imports.step.bind(w.imports);
    let failed = false;
    w.imports.step = (next, expected, row) => {
      if (row.kind === 'filed' && !failed) {
        failed = true;
        return Promise.reject(new Error('The process died.'));
      }
      return step(next, expected, row);
    };
    await expect(run(w, importId)).rejects.toThrow('The process died.');
    // The copy under records/ is verified, but no row names it: not filed.
    expect(w.imports.filed.get(importId)).toBeUndefined();
    // The lease of the call that died runs out; the next call files PLAN once.
    w.clock.advance(120_000);
    const { last } = await runToEnd(w, importId);
    expect(last).toMatchObject({ state: 'completed', filed: 1, notFiled: 2 });
    expect(w.imports.filed.get(importId)?.size).toBe(1);
    expect(recordsOf(w)).toHaveLength(1);
  });

  it('refuses an object with more files than one step files together, reading none', async () => {
    const w = setUp();
    const files = Array.from({ length: 41 }, (_, i) =>
      file(`page-${String(i)}.pdf`, PATHS.other, OTHER),
    );
    const done = await importOnce(
      w,
      await packageOf([object({ objectId: 'HUGE', files })], { [PATHS.other]: OTHER }),
    );
    expect(done).toMatchObject({ filed: 0, notFiled: 41 });
    expect(done.notFiledList[0]).toMatchObject({ reason: 'too-many-files' });
    expect(done.notFiledList[0]?.files.every((f) => f.outcome === 'not-checked')).toBe(true);
    expect(w.files.calls.store).toBe(0);
  });
});
