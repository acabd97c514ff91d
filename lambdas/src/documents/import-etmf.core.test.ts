import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { importedFileKeyOf, importUploadKeyOf } from '../core/ports/document-imports';
import { ORG, STUDY, WHO } from '../core/testing/connection-test-network';
import {
  sha,
  BATCH,
  packageOf,
  setUp,
  type Who,
  start,
  run,
  get,
  list,
  announce,
  runToEnd,
  importOnce,
  recordsOf,
  POSITIONS,
  gate,
  PLAN,
  INDEX,
  SUBMISSION,
  CV,
  OLD_INDEX,
  PATHS,
  EVERY_LEVEL,
  everyLevel,
} from './import-etmf-test-kit';

/**
 * The eTMF-EMS import core over in-memory ports: packages are built here, byte for byte, with the
 * exchange writers (zipEntries, exchangeXml), uploaded into a fake bucket and read back by ranges.
 * Every input is parsed and every answer checked with the contract, as the router does.
 */

// ---------------------------------------------------------------------------------------------

describe('s3documents/import-etmf-upload', () => {
  it('announces the import and hands out a 15-minute upload link for the zip', async () => {
    const w = setUp();
    const started = await start(w, {
      studyId: STUDY.main.studyId,
      fileName: 'cro-transfer.zip',
      size: 4096,
    });
    const importId = started.import.importId;
    expect(importId).toBe(`imp-${'1'.padStart(26, '0')}`);
    expect(started.import).toMatchObject({
      studyId: STUDY.main.studyId,
      protocolNumber: STUDY.main.protocolNumber,
      state: 'awaiting-upload',
      fileName: 'cro-transfer.zip',
      size: 4096,
      startedAt: '2025-03-01T09:00:00.000Z',
      startedBy: 'sponsor@example.com',
      completedAt: null,
      filed: 0,
    });
    expect(started.upload).toEqual({
      url: expect.stringContaining(importUploadKeyOf(importId)) as unknown,
      headers: { 'Content-Type': 'application/zip' },
      expiresAt: '2025-03-01T09:15:00.000Z',
    });
    expect(w.imports.imports.get(importId)).toMatchObject({
      revision: 1,
      organisationId: ORG.sponsor.organisationId,
      uploadKey: `incoming/imports/${importId}.zip`,
      leaseUntil: null,
    });
    // One record, in the trail of each organisation the study's imports concern: its sponsor,
    // its CRO.
    expect(w.audit.entries).toEqual([
      expect.objectContaining({
        action: 'study.import-announced',
        outcome: 'success',
        organisationId: ORG.sponsor.organisationId,
        alsoFor: [ORG.cro.organisationId],
        target: { type: 'study', id: STUDY.main.studyId, label: STUDY.main.protocolNumber },
        after: { importId, fileName: 'cro-transfer.zip', size: 4096 },
      }),
    ]);
  });

  it.each<[string, Who, string | null]>([
    ['the sponsor’s OrgAdmin', WHO.sponsorAdmin, ORG.sponsor.organisationId],
    ['the study’s CRO', WHO.croAdmin, ORG.cro.organisationId],
    ['a PlatformAdmin', WHO.platformAdmin, null],
  ])('lets %s import', async (_, who, organisationId) => {
    const w = setUp();
    const { import: started } = await start(
      w,
      { studyId: STUDY.main.studyId, fileName: 'p.zip', size: 100 },
      who,
    );
    expect(w.imports.imports.get(started.importId)?.organisationId).toBe(organisationId);
    // Whoever imports, into the sponsor's and the CRO's trails.
    expect(w.audit.entries.flatMap((e) => [e.organisationId, ...(e.alsoFor ?? [])])).toEqual([
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
    ]);
  });

  it.each<[string, Who, string, typeof ForbiddenError | typeof NotFoundError]>([
    ['a connected site’s OrgAdmin', WHO.siteAdmin, STUDY.main.studyId, ForbiddenError],
    ['another sponsor', WHO.otherSponsorAdmin, STUDY.main.studyId, NotFoundError],
    ['an unconnected site', WHO.unrelatedAdmin, STUDY.main.studyId, NotFoundError],
    ['anyone, for a study that does not exist', WHO.platformAdmin, 'study-none', NotFoundError],
  ])('refuses %s, creating nothing', async (_, who, studyId, error) => {
    const w = setUp();
    await expect(start(w, { studyId, fileName: 'p.zip', size: 100 }, who)).rejects.toThrow(error);
    expect(w.imports.imports.size).toBe(0);
    expect(w.audit.entries).toEqual([]);
    expect(w.files.calls.uploadUrl).toBe(0);
  });
});

describe('s3documents/import-etmf', () => {
  it('imports a package over several calls, each answering its progress, filing every file once', async () => {
    // A budget of 1 ms and a clock that moves a second a reading: one file a call.
    const w = setUp({ budgetMs: 1, tickMs: 1000 });
    const importId = await announce(w, await everyLevel());
    const { answers, last } = await runToEnd(w, importId);

    // OBJ-1's two files are filed together, once its second file verified (issue 34).
    expect(answers.map((a) => [a.state, a.filed])).toEqual([
      ['importing', 0],
      ['importing', 2],
      ['importing', 3],
      ['importing', 4],
      ['completed', 5],
    ]);
    expect(answers.slice(0, -1).every((a) => a.objects === 4 && a.files === 5)).toBe(true);
    expect(last).toMatchObject({
      state: 'completed',
      objects: 4,
      files: 5,
      filed: 5,
      alreadyFiled: 0,
      notFiled: 0,
      rejection: null,
      problems: [],
      notFiledList: [],
      batch: {
        studyId: 'CRO-STUDY-7',
        transferSourceId: 'ACME-CRO',
        transferId: 'T-0001',
        specificationId: 'ACME-EMS-1',
        tmfRmVersion: '3.3.1',
      },
    });
    expect(last.completedAt).not.toBeNull();
    // No call left the import leased.
    expect(w.imports.imports.get(importId)?.leaseUntil).toBeNull();

    // Every file kept once, under its own place in the inventory, as it was in the package.
    const keys = POSITIONS.map((at) => importedFileKeyOf(STUDY.main.studyId, importId, at));
    expect(w.files.kept.map((s) => s.key)).toEqual(keys);
    expect(recordsOf(w)).toEqual([...keys].sort());
    expect(keys.map((k) => w.files.objects.get(k))).toEqual([
      PLAN,
      INDEX,
      SUBMISSION,
      CV,
      OLD_INDEX,
    ]);

    // Filed in inventory order, seq 1..n, each where its level puts it.
    const { objects, nextCursor } = await get(w, { importId });
    expect(nextCursor).toBeNull();
    expect(objects.map((o) => [o.seq, o.objectId, o.fileName])).toEqual([
      [1, 'OBJ-1', 'TMF Plan v1.pdf'],
      [2, 'OBJ-1', 'TMF Index.pdf'],
      [3, 'OBJ-2', 'Submission DE.pdf'],
      [4, 'OBJ-3', 'CV Müller.pdf'],
      [5, 'OBJ-4', 'TMF Index draft.pdf'],
    ]);
    expect(objects[0]).toEqual({
      seq: 1,
      objectId: 'OBJ-1',
      artifactNumber: '01.01.01',
      artifactName: 'Trial Master File Plan',
      subArtifact: null,
      level: 'trial',
      countryId: null,
      siteNumber: null,
      connectionId: null,
      title: 'TMF Plan',
      version: '1.0',
      versionState: 'Current',
      artifactDate: null,
      language: null,
      personNames: [],
      fileName: 'TMF Plan v1.pdf',
      contentType: 'application/pdf',
      size: PLAN.length,
      sha256: sha(PLAN),
      integrity: `sha256-${sha(PLAN)}`,
      integrityNote: null,
      signatures: [],
    });
    expect(objects[2]).toMatchObject({
      artifactNumber: '03.01.01',
      level: 'country',
      countryId: 'DEU',
      connectionId: null,
      artifactDate: '2025-03-05',
      language: 'de',
    });
    expect(objects[3]).toMatchObject({
      artifactNumber: '05.02.04',
      level: 'site',
      siteNumber: '101',
      connectionId: 'conn-101',
      personNames: ['Jana Müller'],
      sha256: sha(CV),
    });
    expect(objects[4]).toMatchObject({
      subArtifact: 'Trial Master File Index',
      version: '0.9',
      versionState: 'Superseded',
      title: 'TMF Index draft.pdf',
    });

    // The study's artifact counters count what was filed, by artifact and connection.
    expect(Object.fromEntries(w.imports.imported)).toEqual({
      'study-1#01.01.01#': 3,
      'study-1#03.01.01#': 1,
      'study-1#05.02.04#conn-101': 1,
    });

    // Each call that stopped short said what it filed; the last, the whole import.
    expect(w.audit.actions()).toEqual([
      'study.import-announced',
      ...Array<string>(4).fill('study.import-progressed'),
      'study.imported-etmf',
    ]);
    // The first call checked OBJ-1's first file only; the second filed both of its files.
    expect(w.audit.entries[1]).toMatchObject({
      action: 'study.import-progressed',
      after: { importId, files: 5, filed: 0, alreadyFiled: 0, notFiled: 0, filedSoFar: 0 },
    });
    expect(w.audit.entries[2]).toMatchObject({
      action: 'study.import-progressed',
      after: { importId, files: 5, filed: 2, alreadyFiled: 0, notFiled: 0, filedSoFar: 2 },
    });
    expect(w.audit.entries[5]).toMatchObject({
      organisationId: ORG.sponsor.organisationId,
      target: { type: 'study', id: STUDY.main.studyId },
      after: {
        importId,
        fileName: 'cro.zip',
        transferSourceId: 'ACME-CRO',
        transferId: 'T-0001',
        objects: 4,
        files: 5,
        filed: 5,
        alreadyFiled: 0,
        notFiled: 0,
      },
    });

    // Once completed, the same report again, and nothing is read.
    const reads = { ...w.files.calls };
    expect(await run(w, importId)).toEqual(last);
    expect(w.files.calls).toEqual(reads);
  });

  it('imports the whole package in one call when it fits the budget', async () => {
    const w = setUp();
    const importId = await announce(w, await everyLevel());
    const first = await run(w, importId);
    expect(first).toMatchObject({ state: 'completed', filed: 5 });
    expect(w.imports.steps.map((s) => s.outcome)).toEqual(Array(8).fill('written'));
  });

  it('answers the progress without working while another call holds the import', async () => {
    const w = setUp();
    const importId = await announce(w, await everyLevel());
    const held = gate();
    const entered = gate();
    w.files.beforeStore = async () => {
      entered.open();
      await held.opened;
    };
    const first = run(w, importId);
    await entered.opened;

    const calls = { ...w.files.calls };
    const steps = w.imports.steps.length;
    const second = await run(w, importId);
    expect(second).toMatchObject({ state: 'importing', filed: 0, objects: 4, files: 5 });
    expect(w.files.calls).toEqual(calls);
    expect(w.imports.steps).toHaveLength(steps);

    w.files.beforeStore = null;
    held.open();
    expect(await first).toMatchObject({ state: 'completed', filed: 5 });
    expect(w.files.stored).toHaveLength(5);
  });

  it('refuses a second call that starts at the same moment (409), the first imports', async () => {
    const w = setUp();
    const importId = await announce(w, await everyLevel());
    const [a, b] = await Promise.allSettled([run(w, importId), run(w, importId)]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { state: 'completed', filed: 5 } });
    expect(b).toMatchObject({ status: 'rejected', reason: expect.any(ConflictError) as unknown });
    expect(w.files.stored).toHaveLength(5);
  });

  it('goes on where a call that died stopped, once its lease has run out', async () => {
    const w = setUp({ budgetMs: 10_000 });
    const importId = await announce(w, await everyLevel());
    w.files.failNextStore = new Error('S3 is down');
    await expect(run(w, importId)).rejects.toThrow('S3 is down');

    // The dead call's lease keeps others off: its progress, no work.
    const calls = { ...w.files.calls };
    expect(await run(w, importId)).toMatchObject({ state: 'importing', filed: 0 });
    expect(w.files.calls).toEqual(calls);

    w.clock.advance(10_000 + 60_000 + 1);
    expect(await run(w, importId)).toMatchObject({ state: 'completed', filed: 5 });
    expect([...(w.imports.filed.get(importId)?.keys() ?? [])]).toEqual([1, 2, 3, 4, 5]);
    expect(w.files.kept.map((s) => s.key)).toEqual(
      POSITIONS.map((at) => importedFileKeyOf(STUDY.main.studyId, importId, at)),
    );
  });

  it('files nothing twice: the same package again is already filed, nothing written under records/', async () => {
    const w = setUp({ tickMs: 1 });
    const zip = await everyLevel();
    const first = await importOnce(w, zip);
    expect(first).toMatchObject({ filed: 5, alreadyFiled: 0 });
    const kept = recordsOf(w);
    const stores = w.files.calls.store;

    const again = await importOnce(w, zip);
    expect(again).toMatchObject({
      state: 'completed',
      objects: 4,
      files: 5,
      filed: 0,
      alreadyFiled: 5,
      notFiled: 0,
    });
    expect(w.files.calls.store).toBe(stores);
    expect(recordsOf(w)).toEqual(kept);
    expect((await get(w, { importId: again.importId })).objects).toEqual([]);
    expect([...w.imports.claims.values()].every((c) => c.importId === first.importId)).toBe(true);

    // Newest first in the study's list.
    expect((await list(w, STUDY.main.studyId)).map((i) => [i.importId, i.filed])).toEqual([
      [again.importId, 0],
      [first.importId, 5],
    ]);

    // The same files from another source are that source's: filed again.
    const other = await importOnce(
      w,
      await packageOf(
        EVERY_LEVEL,
        {
          [PATHS.plan]: PLAN,
          [PATHS.index]: INDEX,
          [PATHS.submission]: SUBMISSION,
          [PATHS.cv]: CV,
          [PATHS.oldIndex]: OLD_INDEX,
        },
        { ...BATCH, transferSourceId: 'OTHER-ETMF' },
      ),
    );
    expect(other).toMatchObject({ filed: 5, alreadyFiled: 0 });
  });

  it('counts a file another import filed meanwhile as already filed', async () => {
    const w = setUp();
    const zip = await everyLevel();
    const slow = await announce(w, zip);
    const held = gate();
    const entered = gate();
    // Held in the middle of OBJ-1: its first file checked (not held by the study yet), its
    // second being read, when another import files the whole package.
    w.files.beforeStore = async (key) => {
      if (!key.endsWith('/0-1')) return;
      entered.open();
      await held.opened;
    };
    const slowRun = run(w, slow);
    await entered.opened;
    w.files.beforeStore = null;

    const fast = await importOnce(w, zip);
    expect(fast).toMatchObject({ filed: 5 });
    held.open();
    expect(await slowRun).toMatchObject({ state: 'completed', filed: 0, alreadyFiled: 5 });
    expect(w.imports.filed.get(slow)).toBeUndefined();
    expect(w.imports.steps.filter((s) => s.outcome === 'claimed')).toHaveLength(1);
  });
});
