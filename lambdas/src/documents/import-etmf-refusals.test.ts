import { describe, expect, it } from 'vitest';
import { ConflictError } from '../core/errors';
import { exchangeXml } from './exchange/exchange-xml';
import { utf8 } from './exchange/zip-writer';
import { importUploadKeyOf } from '../core/ports/document-imports';
import { STUDY, WHO } from '../core/testing/connection-test-network';
import {
  pdf,
  BATCH,
  object,
  file,
  zipOf,
  packageOf,
  setUp,
  start,
  run,
  get,
  announce,
  runToEnd,
  importOnce,
  recordsOf,
  PLAN,
  INDEX,
  SUBMISSION,
  CV,
  OLD_INDEX,
  PATHS,
  EVERY_LEVEL,
  everyLevel,
} from './import-etmf-test-kit';

/** The eTMF-EMS import refusing a package: whole, replaced, too long a value, not uploaded, expired. */

describe('s3documents/import-etmf', () => {
  describe('refuses a package whole, filing nothing', () => {
    const refused = async (zip: Buffer, announced = zip.length) => {
      const w = setUp();
      const importId = await announce(w, zip, WHO.sponsorAdmin, announced);
      const answer = await run(w, importId);
      expect(answer).toMatchObject({ state: 'rejected', filed: 0, notFiled: 0 });
      expect(answer.completedAt).not.toBeNull();
      expect(w.files.calls.store).toBe(0);
      expect(recordsOf(w)).toEqual([]);
      expect([...new Set(w.audit.actions())]).toEqual([
        'study.import-announced',
        'study.import-rejected',
      ]);
      // Once rejected, the same report again, nothing read.
      const calls = { ...w.files.calls };
      expect(await run(w, importId)).toEqual(answer);
      expect(w.files.calls).toEqual(calls);
      return { answer, w };
    };

    it('when its size is not the size announced (before reading any of it)', async () => {
      const zip = await everyLevel();
      const { answer, w } = await refused(zip, zip.length + 1);
      expect(answer.rejection).toBe(
        `The package uploaded has ${String(zip.length)} bytes, not the ${String(zip.length + 1)} announced.`,
      );
      expect(w.files.calls.readRange).toBe(0);
    });

    it('when it is not a zip', async () => {
      const { answer } = await refused(Buffer.from('this is not a zip at all, just some text'));
      expect(answer.rejection).toMatch(/^The package is not a zip the hub can read: /);
    });

    it('when it has no exchange.xml', async () => {
      const { answer } = await refused(await zipOf([{ path: 'a.pdf', data: pdf('a') }]));
      expect(answer.rejection).toMatch(/no exchange\.xml/);
    });

    it('when it has two exchange.xml at the same depth', async () => {
      const xml = () => utf8(exchangeXml(BATCH, EVERY_LEVEL.slice(0, 1)));
      const { answer } = await refused(
        await zipOf([
          { path: 'a/exchange.xml', data: xml() },
          { path: 'b/exchange.xml', data: xml() },
        ]),
      );
      expect(answer.rejection).toMatch(/more than one/);
    });

    it('when exchange.xml does not validate, with each problem’s line', async () => {
      // A valid inventory of two objects, the second's level made one the schema does not know.
      let text = '';
      for await (const piece of exchangeXml(BATCH, EVERY_LEVEL.slice(0, 2))) text += piece;
      const lines = text.split('\n');
      const bad = lines.findIndex((l) => l.includes('<OBJECTLEVEL>Country</OBJECTLEVEL>'));
      expect(bad).toBeGreaterThan(0);
      lines[bad] = '    <OBJECTLEVEL>Planet</OBJECTLEVEL>';
      const { answer, w } = await refused(
        await zipOf([
          { path: PATHS.plan, data: PLAN },
          { path: PATHS.index, data: INDEX },
          { path: PATHS.submission, data: SUBMISSION },
          { path: 'exchange.xml', data: Buffer.from(lines.join('\n')) },
        ]),
      );
      expect(answer.rejection).toBe(
        'exchange.xml does not validate against the eTMF-EMS schema: nothing was filed.',
      );
      expect(answer.problems).toEqual([
        { line: bad + 1, message: expect.stringContaining('Planet') as unknown },
      ]);
      expect(answer.batch).toBeNull();
      expect(w.imports.filed.size).toBe(0);
    });

    it('when exchange.xml is not well-formed XML', async () => {
      const xml = Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>\n<BATCH xmlns="https://tmfrefmodel.com/ems">\n<OBJECT\n',
      );
      const { answer } = await refused(await zipOf([{ path: 'exchange.xml', data: xml }]));
      expect(answer.rejection).toMatch(/does not validate/);
      expect(answer.problems.length).toBeGreaterThan(0);
      expect(answer.problems.every((p) => p.line >= 1)).toBe(true);
    });
  });

  // The package PUT again through the still valid link after its inventory was validated (the
  // same size, another exchange.xml): the import is rejected, what was filed stays filed.
  it('refuses to go on with a package replaced after its inventory was validated', async () => {
    const w = setUp({ budgetMs: 1, tickMs: 1000 });
    let valid = '';
    for await (const piece of exchangeXml(BATCH, EVERY_LEVEL)) valid += piece;
    // The same length, so the same size: one object's level is one the schema does not know.
    const invalid = valid.replace(
      '<OBJECTLEVEL>Country</OBJECTLEVEL>',
      '<OBJECTLEVEL>Planet!</OBJECTLEVEL>',
    );
    expect(invalid).not.toBe(valid);
    const withInventory = (xml: string) =>
      zipOf([
        { path: PATHS.plan, data: PLAN },
        { path: PATHS.index, data: INDEX },
        { path: PATHS.submission, data: SUBMISSION },
        { path: PATHS.cv, data: CV },
        { path: PATHS.oldIndex, data: OLD_INDEX },
        { path: 'exchange.xml', data: Buffer.from(xml) },
      ]);
    const first = await withInventory(valid);
    const second = await withInventory(invalid);
    expect(second.length).toBe(first.length);

    const importId = await announce(w, first);
    // One file a call: OBJ-1's two files are filed by the second.
    expect(await run(w, importId)).toMatchObject({ state: 'importing', filed: 0 });
    expect(await run(w, importId)).toMatchObject({ state: 'importing', filed: 2 });
    // The upload link is good for 15 minutes: the same size again, another inventory.
    w.files.put(importUploadKeyOf(importId), second);
    const { last } = await runToEnd(w, importId);
    // Nothing more was filed, and the report says why it stopped.
    expect(last).toMatchObject({ state: 'rejected', filed: 2, notFiled: 0 });
    expect(last.rejection).toMatch(/replaced after its exchange\.xml was validated/);
  });

  it('never files an object by UNIQUEID alone: number and UNIQUEID disagreeing is a conflict, in any release', async () => {
    const w = setUp();
    const plan = pdf('plan of 3.2.1');
    const objects = [
      object({
        objectId: 'OLD-NUMBER',
        artifactNumber: '01.01.99',
        uniqueId: 1,
        files: [file('plan.pdf', 'plan.pdf', plan)],
      }),
    ];
    for (const tmfRmVersion of ['3.2.1', '3.3.1']) {
      const done = await importOnce(
        w,
        await packageOf(objects, { 'plan.pdf': plan }, { ...BATCH, tmfRmVersion }),
      );
      expect(done).toMatchObject({ filed: 0, notFiled: 0, conflicts: 1 });
      expect(done.conflictList[0]?.candidates).toEqual([
        { number: '01.01.01', name: 'Trial Master File Plan', basis: 'unique-id' },
      ]);
      expect(done.conflictList[0]?.why).toBe(
        'ARTIFACTNUMBER 01.01.99 is no artifact of 3.3.1. UNIQUEID 001 is 01.01.01 “Trial Master File Plan”.',
      );
    }
    expect(recordsOf(w)).toEqual([]);
  });

  it('refuses an inventory with a value too long to keep (4,096 characters at most), and keeps few of many names', async () => {
    const w = setUp();
    const plan = pdf('plan');
    const long = await packageOf(
      [object({ objectId: 'OBJ-1', files: [file('plan.pdf', 'plan.pdf', plan)] })],
      { 'plan.pdf': plan },
      { ...BATCH, transferSourceId: 'X'.repeat(5000) },
    );
    const refused = await importOnce(w, long);
    expect(refused).toMatchObject({ state: 'rejected', filed: 0 });
    expect(refused.problems.length).toBeGreaterThan(0);
    expect(refused.problems.every((p) => p.message.length <= 300)).toBe(true);

    const names = Array.from({ length: 500 }, (_, i) => `Person ${String(i)} ${'n'.repeat(300)}`);
    const many = await packageOf(
      [
        object({
          objectId: 'OBJ-NAMES',
          personNames: names,
          files: [file('plan.pdf', 'plan.pdf', plan)],
        }),
      ],
      { 'plan.pdf': plan },
    );
    const done = await importOnce(w, many);
    expect(done).toMatchObject({ state: 'completed', filed: 1 });
    const [filed] = (await get(w, { importId: done.importId })).objects;
    expect(filed?.personNames).toHaveLength(20);
    expect(filed?.personNames.every((n) => n.length <= 200)).toBe(true);
  });

  it('says the package is not uploaded yet (409), changing nothing', async () => {
    const w = setUp();
    const { import: started } = await start(w, {
      studyId: STUDY.main.studyId,
      fileName: 'p.zip',
      size: 1000,
    });
    await expect(run(w, started.importId)).rejects.toThrow(ConflictError);
    expect(w.imports.imports.get(started.importId)).toMatchObject({
      revision: 1,
      state: 'awaiting-upload',
      leaseUntil: null,
    });
  });

  it('says the upload has expired (409) when it is gone in the middle of an import', async () => {
    const w = setUp({ budgetMs: 1, tickMs: 1000 });
    const importId = await announce(w, await everyLevel());
    expect(await run(w, importId)).toMatchObject({ state: 'importing', filed: 0 });
    w.files.objects.delete(importUploadKeyOf(importId));
    await expect(run(w, importId)).rejects.toThrow(/expired/);
  });
});
