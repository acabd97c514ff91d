import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { routes } from '@ccsc/contract/routes';
import { MAX_DOCUMENT_BYTES } from '@ccsc/contract/documents';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import { exchangeXml, type EmsBatch, type EmsFile, type EmsObject } from './exchange/exchange-xml';
import { integrityOf } from './exchange/layout';
import { utf8, zipEntries } from './exchange/zip-writer';
import type { Clock } from '../core/ports/clock';
import { importedFileKeyOf, importUploadKeyOf } from '../core/ports/document-imports';
import { callerContext } from '../core/testing/fakes';
import { MemoryDocumentFiles, MemoryImportStore } from '../core/testing/memory-document-imports';
import { connection, network, ORG, STUDY, SYS, WHO } from '../core/testing/connection-test-network';
import {
  downloadImported,
  getImport,
  type ImportDeps,
  listImports,
  runImport,
  startImport,
} from './import-etmf.core';

/**
 * The eTMF-EMS import core over in-memory ports: packages are built here, byte for byte, with the
 * exchange writers (zipEntries, exchangeXml), uploaded into a fake bucket and read back by ranges.
 * Every input is parsed and every answer checked with the contract, as the router does.
 */

// ---------------------------------------------------------------------------------------------
// Packages
// ---------------------------------------------------------------------------------------------

type Algorithm = 'md5' | 'sha1' | 'sha256';
const hex = (algorithm: Algorithm, bytes: Buffer) =>
  createHash(algorithm).update(bytes).digest('hex');
const sha = (bytes: Buffer) => hex('sha256', bytes);
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

const BATCH: EmsBatch = {
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

const file = (
  fileName: string,
  contentUrl: string,
  bytes: Buffer,
  integrity = integrityOf(sha(bytes)),
): EmsFile => ({ integrity, fileName, contentUrl, signatures: [], auditRecords: [] });

interface Entry {
  path: string;
  data: Buffer | AsyncIterable<Uint8Array>;
  deflate?: boolean;
}

/** A zip of these entries, as bytes. */
const zipOf = async (entries: Entry[]): Promise<Buffer> => {
  const modified = new Date('2026-10-01T09:00:00Z');
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipEntries(
    entries.map((e) => ({
      path: e.path,
      modified,
      deflate: e.deflate === true,
      data: Buffer.isBuffer(e.data) ? Readable.from([e.data]) : e.data,
    })),
  )) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** A package: the files at their paths, and the exchange.xml listing the objects. */
const packageOf = (
  objects: EmsObject[],
  files: Record<string, Buffer>,
  batch: EmsBatch = BATCH,
): Promise<Buffer> =>
  zipOf([
    ...Object.entries(files).map(([path, data]) => ({ path, data })),
    { path: 'exchange.xml', data: utf8(exchangeXml(batch, objects)), deflate: true },
  ]);

// ---------------------------------------------------------------------------------------------
// The world
// ---------------------------------------------------------------------------------------------

/** A clock that moves `tickMs` on every reading (and when told). */
class TickingClock implements Clock {
  private at = Date.parse('2025-03-01T09:00:00.000Z');
  constructor(readonly tickMs = 0) {}
  now(): Date {
    const now = new Date(this.at);
    this.at += this.tickMs;
    return now;
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

/** Study 1's sites: 101 twice (the ended connection gives way to the open one); 202 is study 3's. */
const CONNECTIONS = [
  connection('conn-101-ended', STUDY.main, ORG.otherSite.organisationId, {
    siteNumber: '101',
    status: 'ended',
  }),
  connection('conn-101', STUDY.main, ORG.site.organisationId, {
    siteNumber: '101',
    status: 'active',
    siteSystemId: SYS.site.systemId,
  }),
  connection('conn-202', STUDY.other, ORG.site.organisationId, {
    siteNumber: '202',
    status: 'active',
    sponsorSystemId: SYS.otherSponsor.systemId,
  }),
];

const sponsorAuditor = callerContext({
  role: 'Auditor',
  organisationId: ORG.sponsor.organisationId,
  email: 'sponsor-auditor@example.com',
});

const setUp = (options: { budgetMs?: number; tickMs?: number } = {}) => {
  const { registry, audit } = network(
    CONNECTIONS.map((record) => ({ type: 'connection' as const, record })),
  );
  const imports = new MemoryImportStore();
  const files = new MemoryDocumentFiles();
  const clock = new TickingClock(options.tickMs);
  let n = 0;
  const deps: ImportDeps = {
    registry,
    imports,
    files,
    audit,
    clock,
    newId: () => {
      n += 1;
      return String(n).padStart(26, '0');
    },
    ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
  };
  return { deps, registry, imports, files, audit, clock };
};
type World = ReturnType<typeof setUp>;
type Who = RequestContext<Caller>;

// Each call as the router makes it: the input parsed, the answer checked against the contract.
const start = async (w: World, body: unknown, who: Who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/import-etmf-upload'];
  return route.response.parse(await startImport(route.request.parse(body), who, w.deps));
};
const run = async (w: World, importId: string, who: Who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/import-etmf'];
  return route.response.parse(await runImport(route.request.parse({ importId }), who, w.deps))
    .import;
};
const get = async (
  w: World,
  query: { importId: string; cursor?: string },
  who = WHO.sponsorAdmin,
) => {
  const route = routes['s3documents/import-get'];
  return route.response.parse(await getImport(route.request.parse(query), who, w.deps));
};
const download = async (w: World, importId: string, seq: number, who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/import-download'];
  return route.response.parse(
    await downloadImported(route.request.parse({ importId, seq: String(seq) }), who, w.deps),
  );
};
const list = async (w: World, studyId: string, who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/imports'];
  return route.response.parse(await listImports(route.request.parse({ studyId }), who, w.deps))
    .imports;
};

/** Announces the package and PUTs it where the upload link points; answers the import id. */
const announce = async (
  w: World,
  zip: Buffer,
  who: Who = WHO.sponsorAdmin,
  size = zip.length,
): Promise<string> => {
  const started = await start(w, { studyId: STUDY.main.studyId, fileName: 'cro.zip', size }, who);
  w.files.put(importUploadKeyOf(started.import.importId), zip);
  return started.import.importId;
};

/** Calls import-etmf while it answers `importing`; every answer, the last one last. */
const runToEnd = async (w: World, importId: string, who: Who = WHO.sponsorAdmin) => {
  const answers = [await run(w, importId, who)];
  while (answers.at(-1)?.state === 'importing') {
    if (answers.length > 1000) throw new Error('The import never ends.');
    answers.push(await run(w, importId, who));
  }
  const last = answers.at(-1);
  if (last === undefined) throw new Error('No answer.');
  return { answers, last };
};

const importOnce = async (w: World, zip: Buffer, who: Who = WHO.sponsorAdmin) =>
  (await runToEnd(w, await announce(w, zip, who), who)).last;

const recordsOf = (w: World) => w.files.keysUnder('records/');
/** The places of EVERY_LEVEL's five files: OBJ-1 has two. */
const POSITIONS = [
  { object: 0, file: 0 },
  { object: 0, file: 1 },
  { object: 1, file: 0 },
  { object: 2, file: 0 },
  { object: 3, file: 0 },
];

/** A promise a test resolves when it likes. */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    opened,
    open: () => {
      open();
    },
  };
};

// ---------------------------------------------------------------------------------------------
// A package with every level
// ---------------------------------------------------------------------------------------------

const PLAN = pdf('TMF plan');
const INDEX = pdf('TMF index');
const SUBMISSION = pdf('Regulatory submission, Germany');
const CV = pdf('CV of Dr. Jana Müller');
const OLD_INDEX = pdf('TMF index, draft');

const PATHS = {
  plan: '01/01.01/01.01.01.Trial Master File Plan/TMF Plan v1.pdf',
  index: '01/01.01/01.01.01.Trial Master File Plan/TMF Index.pdf',
  submission: '03/03.01/03.01.01.Regulatory Submission/Submission DE.pdf',
  cv: '05/05.02/05.02.04.Principal Investigator Curriculum Vitae/CV Müller.pdf',
  oldIndex: '01/01.01/01.01.01.Trial Master File Plan/TMF Index draft.pdf',
};

/** Four objects, five files: trial (two files), country, site, and a superseded version. */
const EVERY_LEVEL: EmsObject[] = [
  object({
    objectId: 'OBJ-1',
    objectTitle: 'TMF Plan',
    files: [file('TMF Plan v1.pdf', PATHS.plan, PLAN), file('TMF Index.pdf', PATHS.index, INDEX)],
  }),
  object({
    objectId: 'OBJ-2',
    objectLevel: 'Country',
    countryId: 'DEU',
    uniqueId: 52,
    artifactNumber: '03.01.01',
    objectTitle: 'Submission to BfArM',
    artifactDate: '05-MAR-2025',
    objectLanguage: 'de',
    files: [file('Submission DE.pdf', PATHS.submission, SUBMISSION)],
  }),
  object({
    objectId: 'OBJ-3',
    objectLevel: 'Site',
    countryId: 'DEU',
    siteId: '101',
    uniqueId: 87,
    artifactNumber: '05.02.04',
    personNames: ['Jana Müller'],
    objectTitle: 'CV Dr. Jana Müller',
    files: [file('CV Müller.pdf', PATHS.cv, CV)],
  }),
  object({
    objectId: 'OBJ-4',
    subArtifact: 'Trial Master File Index',
    objectVersion: '0.9',
    objectVersionState: 'Superseded',
    files: [file('TMF Index draft.pdf', PATHS.oldIndex, OLD_INDEX)],
  }),
];
const everyLevel = () =>
  packageOf(EVERY_LEVEL, {
    [PATHS.plan]: PLAN,
    [PATHS.index]: INDEX,
    [PATHS.submission]: SUBMISSION,
    [PATHS.cv]: CV,
    [PATHS.oldIndex]: OLD_INDEX,
  });

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
    // In the trail of each organisation the study's imports concern: its sponsor, its CRO.
    expect(w.audit.entries).toEqual(
      [ORG.sponsor.organisationId, ORG.cro.organisationId].map((organisationId): unknown =>
        expect.objectContaining({
          action: 'study.import-announced',
          outcome: 'success',
          organisationId,
          target: { type: 'study', id: STUDY.main.studyId, label: STUDY.main.protocolNumber },
          after: { importId, fileName: 'cro-transfer.zip', size: 4096 },
        }),
      ),
    );
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
    expect(w.audit.entries.map((e) => e.organisationId)).toEqual([
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

    expect(answers.map((a) => [a.state, a.filed])).toEqual([
      ['importing', 1],
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
      ...Array<string>(2).fill('study.import-announced'),
      ...Array<string>(8).fill('study.import-progressed'),
      ...Array<string>(2).fill('study.imported-etmf'),
    ]);
    expect(w.audit.entries[2]).toMatchObject({
      action: 'study.import-progressed',
      after: { importId, files: 5, filed: 1, alreadyFiled: 0, notFiled: 0, filedSoFar: 1 },
    });
    expect(w.audit.entries[10]).toMatchObject({
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
    w.files.beforeStore = async () => {
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

  it('verifies each file with the algorithm its INTEGRITY names, and stores none that does not match', async () => {
    const w = setUp();
    const bytes = {
      md5: pdf('md5'),
      sha1: pdf('sha1'),
      sri: pdf('sri'),
      bare: pdf('bare md5'),
      badMd5: pdf('bad md5'),
      badSha256: pdf('bad sha256'),
      wrongLength: pdf('sha256 called md5'),
    };
    const other = pdf('something else');
    const path = (name: string) => `01/01.01/${name}.pdf`;
    const entry = (name: keyof typeof bytes, integrity: string, id: string) =>
      object({ objectId: id, files: [file(`${name}.pdf`, path(name), bytes[name], integrity)] });
    const objects = [
      entry('md5', `MD5-${hex('md5', bytes.md5)}`, 'OBJ-MD5'),
      entry('sha1', `SHA1-${hex('sha1', bytes.sha1)}`, 'OBJ-SHA1'),
      entry('sri', `sha256-${createHash('sha256').update(bytes.sri).digest('base64')}`, 'OBJ-SRI'),
      entry('bare', hex('md5', bytes.bare), 'OBJ-BARE'),
      entry('badMd5', `MD5-${hex('md5', other)}`, 'OBJ-BAD-MD5'),
      entry('badSha256', integrityOf(sha(other)), 'OBJ-BAD-SHA256'),
      entry('wrongLength', `MD5-${sha(bytes.wrongLength)}`, 'OBJ-WRONG-LENGTH'),
    ];
    const zip = await packageOf(
      objects,
      Object.fromEntries(Object.entries(bytes).map(([name, b]) => [path(name), b])),
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ state: 'completed', files: 7, filed: 4, notFiled: 3 });
    expect(done.notFiledList.map((n) => [n.objectId, n.reason])).toEqual([
      ['OBJ-BAD-MD5', 'checksum-mismatch'],
      ['OBJ-BAD-SHA256', 'checksum-mismatch'],
      ['OBJ-WRONG-LENGTH', 'integrity-unreadable'],
    ]);
    expect(done.notFiledList[0]?.detail).toContain(
      `its MD5 is ${hex('md5', bytes.badMd5)}, not ${hex('md5', other)}`,
    );
    expect(done.notFiledList[1]?.detail).toContain(`its SHA256 is ${sha(bytes.badSha256)}`);

    const { objects: filed } = await get(w, { importId: done.importId });
    expect(filed.map((f) => [f.objectId, f.integrity, f.sha256])).toEqual([
      ['OBJ-MD5', `md5-${hex('md5', bytes.md5)}`, sha(bytes.md5)],
      ['OBJ-SHA1', `sha1-${hex('sha1', bytes.sha1)}`, sha(bytes.sha1)],
      ['OBJ-SRI', `sha256-${sha(bytes.sri)}`, sha(bytes.sri)],
      ['OBJ-BARE', `md5-${hex('md5', bytes.bare)}`, sha(bytes.bare)],
    ]);
    // Only the verified four were kept; nothing else is under records/ (the mismatches were
    // staged under incoming/, which expires).
    expect(w.files.calls.keep).toBe(4);
    expect(recordsOf(w)).toHaveLength(4);
    expect(recordsOf(w).map((k) => w.files.objects.get(k))).not.toContainEqual(bytes.badMd5);
    expect(recordsOf(w).map((k) => w.files.objects.get(k))).not.toContainEqual(bytes.badSha256);
  });

  it('reports every object it cannot file, with its reason, and files the rest', async () => {
    const w = setUp();
    const plan = pdf('plan');
    const damaged = pdf('damaged in the package');
    const mail = Buffer.from('From: someone\r\n\r\nhello');
    const files = {
      'a/plan.pdf': plan,
      'a/damaged.pdf': damaged,
      'a/note.eml': mail,
    };
    const site = (siteId: string | undefined, objectId: string) =>
      object({
        objectId,
        objectLevel: 'Site',
        uniqueId: 87,
        artifactNumber: '05.02.04',
        ...(siteId === undefined ? {} : { siteId }),
        files: [file('cv.pdf', 'a/plan.pdf', plan)],
      });
    const objects = [
      object({ objectId: 'OK', files: [file('plan.pdf', 'a/plan.pdf', plan)] }),
      object({
        objectId: 'UNKNOWN',
        artifactNumber: '99.99.99',
        files: [file('x.pdf', 'a/plan.pdf', plan)],
      }),
      object({ objectId: 'MISMATCH', uniqueId: 87, files: [file('x.pdf', 'a/plan.pdf', plan)] }),
      object({
        objectId: 'LEVEL',
        objectLevel: 'Site',
        siteId: '101',
        files: [file('x.pdf', 'a/plan.pdf', plan)],
      }),
      site('999', 'SITE-999'),
      site('202', 'SITE-OF-ANOTHER-STUDY'),
      site(undefined, 'NO-SITEID'),
      object({ objectId: 'MISSING', files: [file('x.pdf', 'a/none.pdf', plan)] }),
      object({ objectId: 'OUTSIDE', files: [file('x.pdf', '../plan.pdf', plan)] }),
      object({
        objectId: 'UNREADABLE-INTEGRITY',
        files: [file('x.pdf', 'a/plan.pdf', plan, 'CRC32-1234')],
      }),
      object({ objectId: 'MAIL', files: [file('note.eml', 'a/note.eml', mail)] }),
      object({ objectId: 'DAMAGED', files: [file('damaged.pdf', 'a/damaged.pdf', damaged)] }),
    ];
    const zip = await packageOf(objects, files);
    // Damage the stored copy of damaged.pdf: its CRC-32 no longer matches.
    const at = zip.indexOf(damaged);
    expect(at).toBeGreaterThan(0);
    zip[at + 10] = (zip[at + 10] ?? 0) ^ 0xff;

    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ objects: 12, files: 12, filed: 1, notFiled: 11 });
    expect(done.notFiledList.map((n) => [n.objectId, n.reason])).toEqual([
      ['UNKNOWN', 'artifact-unknown'],
      ['MISMATCH', 'artifact-mismatch'],
      ['LEVEL', 'level-not-allowed'],
      ['SITE-999', 'site-unknown'],
      ['SITE-OF-ANOTHER-STUDY', 'site-unknown'],
      ['NO-SITEID', 'site-unknown'],
      ['MISSING', 'file-missing'],
      ['OUTSIDE', 'file-missing'],
      ['UNREADABLE-INTEGRITY', 'integrity-unreadable'],
      ['MAIL', 'file-type-not-allowed'],
      ['DAMAGED', 'file-unreadable'],
    ]);
    const detail = Object.fromEntries(done.notFiledList.map((n) => [n.objectId, n.detail]));
    expect(detail.MISMATCH).toBe('UNIQUEID 87 is artifact 05.02.04, not 01.01.01 (001).');
    expect(detail['SITE-999']).toBe(
      `Site 999 is not a site of study ${STUDY.main.protocolNumber}.`,
    );
    expect(detail['NO-SITEID']).toBe('The site-level object names no SITEID.');
    expect(w.files.calls.keep).toBe(1);
    expect(recordsOf(w)).toHaveLength(1);
    expect(w.imports.notFiled.get(done.importId)?.size).toBe(11);
  });

  it('does not file a file larger than a document may be, without reading it', async () => {
    const w = setUp();
    const size = MAX_DOCUMENT_BYTES + 1;
    const zeros = Buffer.alloc(1 << 20);
    async function* large(): AsyncIterable<Uint8Array> {
      for (let left = size; left > 0; left -= zeros.length) {
        await Promise.resolve();
        yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      }
    }
    const objects = [
      object({
        objectId: 'LARGE',
        files: [file('large.pdf', 'large.pdf', PLAN, integrityOf('0'.repeat(64)))],
      }),
      object({ objectId: 'SMALL', files: [file('plan.pdf', 'plan.pdf', PLAN)] }),
    ];
    const zip = await zipOf([
      { path: 'large.pdf', data: large(), deflate: true },
      { path: 'plan.pdf', data: PLAN },
      { path: 'exchange.xml', data: utf8(exchangeXml(BATCH, objects)), deflate: true },
    ]);
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ filed: 1, notFiled: 1 });
    expect(done.notFiledList).toEqual([
      {
        objectId: 'LARGE',
        fileName: 'large.pdf',
        artifactNumber: '01.01.01',
        reason: 'file-too-large',
        detail: `large.pdf has ${String(size)} bytes; 100 MB at most.`,
      },
    ]);
    expect(w.files.calls.store).toBe(1);
    // Its data was never read: only the directory, the inventory and the small file.
    expect(w.files.calls.readRange).toBeLessThan(20);
  });

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
    expect(await run(w, importId)).toMatchObject({ state: 'importing', filed: 1 });
    // The upload link is good for 15 minutes: the same size again, another inventory.
    w.files.put(importUploadKeyOf(importId), second);
    const { last } = await runToEnd(w, importId);
    // Nothing more was filed, and the report says why it stopped.
    expect(last).toMatchObject({ state: 'rejected', filed: 1, notFiled: 0 });
    expect(last.rejection).toMatch(/replaced after its exchange\.xml was validated/);
  });

  it('files a package of another release of the model by UNIQUEID, the permanent name of its artifact', async () => {
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
    const older = await importOnce(
      w,
      await packageOf(objects, { 'plan.pdf': plan }, { ...BATCH, tmfRmVersion: '3.2.1' }),
    );
    expect(older).toMatchObject({ filed: 1, notFiled: 0 });
    const [filed] = (await get(w, { importId: older.importId })).objects;
    expect(filed?.artifactNumber).toBe('01.01.01');
    // The same numbers in a package of this release: the number decides, and it is unknown.
    const same = await importOnce(
      w,
      await packageOf(
        [{ ...objects[0], objectId: 'SAME-RELEASE' } as EmsObject],
        { 'plan.pdf': plan },
        { ...BATCH, tmfRmVersion: '3.3.1' },
      ),
    );
    expect(same.notFiledList.map((n) => n.reason)).toEqual(['artifact-unknown']);
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
    expect(await run(w, importId)).toMatchObject({ state: 'importing', filed: 1 });
    w.files.objects.delete(importUploadKeyOf(importId));
    await expect(run(w, importId)).rejects.toThrow(/expired/);
  });
});

describe('reach over imports', () => {
  it('lets the study’s CRO import, and read and download what it filed', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel(), WHO.croAdmin);
    expect(done).toMatchObject({ state: 'completed', filed: 5 });
    expect(w.audit.entries.map((e) => e.organisationId)).toEqual([
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
    ]);
    // The sponsor sees the CRO's import too.
    expect((await get(w, { importId: done.importId })).objects).toHaveLength(5);
    expect((await download(w, done.importId, 1, WHO.croAdmin)).fileName).toBe('TMF Plan v1.pdf');
  });

  it('hides an import from another sponsor and from the sites (404 on every call)', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    for (const who of [WHO.otherSponsorAdmin, WHO.siteAdmin, WHO.siteAuditor]) {
      await expect(run(w, done.importId, who)).rejects.toThrow(NotFoundError);
      await expect(get(w, { importId: done.importId }, who)).rejects.toThrow(NotFoundError);
      await expect(download(w, done.importId, 1, who)).rejects.toThrow(NotFoundError);
      await expect(list(w, STUDY.main.studyId, who)).rejects.toThrow(NotFoundError);
    }
    expect(w.files.calls.downloadUrl).toBe(0);
    expect(w.audit.actions()).not.toContain('imported-file.downloaded');
  });

  it('refuses another sponsor’s run of an import not yet run, touching nothing', async () => {
    const w = setUp();
    const importId = await announce(w, await everyLevel());
    await expect(run(w, importId, WHO.otherSponsorAdmin)).rejects.toThrow(NotFoundError);
    expect(w.imports.imports.get(importId)).toMatchObject({
      revision: 1,
      state: 'awaiting-upload',
    });
    expect(w.files.calls.sizeOf).toBe(0);
  });

  it('lets the sponsor’s auditors and those who reach everything read it', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    for (const who of [sponsorAuditor, WHO.auditorAll, WHO.platformAdmin]) {
      expect((await get(w, { importId: done.importId }, who)).objects).toHaveLength(5);
      expect(await list(w, STUDY.main.studyId, who)).toHaveLength(1);
    }
  });

  // One reach rule for listing and opening: the study's sponsor side as it is now.
  it('lists and opens an import by one rule after the study changes its CRO', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel(), WHO.croAdmin);
    w.registry.seed([
      {
        type: 'study',
        record: { ...STUDY.main, croOrganisationId: ORG.otherCro.organisationId, revision: 2 },
      },
    ]);
    const newCro = callerContext({
      role: 'OrgAdmin',
      organisationId: ORG.otherCro.organisationId,
      email: 'new-cro@example.com',
    });
    const seen: { who: string; listed: boolean; opened: boolean }[] = [];
    for (const who of [WHO.croAdmin, newCro]) {
      const listed = await list(w, STUDY.main.studyId, who).then(
        (imports) => imports.some((i) => i.importId === done.importId),
        () => false,
      );
      const opened = await get(w, { importId: done.importId }, who).then(
        () => true,
        () => false,
      );
      seen.push({ who: who.caller.email, listed, opened });
    }
    expect(seen.every((s) => s.listed === s.opened)).toBe(true);
    expect(seen.map((s) => s.listed)).toEqual([false, true]);
  });

  it('answers 404 for an import that does not exist', async () => {
    const w = setUp();
    const importId = `imp-${'9'.repeat(26)}`;
    await expect(run(w, importId)).rejects.toThrow(NotFoundError);
    await expect(get(w, { importId })).rejects.toThrow(NotFoundError);
    await expect(download(w, importId, 1)).rejects.toThrow(NotFoundError);
  });
});

describe('s3documents/import-get', () => {
  it('pages the filed files by cursor, 100 a page, in order', async () => {
    const w = setUp();
    const count = 101;
    const bytes = Array.from({ length: count }, (_, i) => pdf(`document ${String(i + 1)}`));
    const objects = bytes.map((b, i) =>
      object({
        objectId: `OBJ-${String(i + 1)}`,
        files: [file(`d${String(i + 1)}.pdf`, `d/${String(i + 1)}.pdf`, b)],
      }),
    );
    const zip = await packageOf(
      objects,
      Object.fromEntries(bytes.map((b, i) => [`d/${String(i + 1)}.pdf`, b])),
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ filed: count });

    const first = await get(w, { importId: done.importId });
    expect(first.objects.map((o) => o.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(first.nextCursor).toBe('f100');
    const second = await get(w, { importId: done.importId, cursor: first.nextCursor ?? '' });
    expect(second.objects.map((o) => [o.seq, o.objectId])).toEqual([[101, 'OBJ-101']]);
    expect(second.nextCursor).toBeNull();
    expect(second.import).toEqual(first.import);
  });

  it.each(['x100', 'f', 'f-1', 'f1.5', 'f1234567890', 'F10', 'f10 ', 'eyJzZXEiOjF9'])(
    'refuses the forged cursor %j',
    async (cursor) => {
      const w = setUp();
      const done = await importOnce(w, await everyLevel());
      const refusal = get(w, { importId: done.importId, cursor });
      await expect(refusal).rejects.toThrow(ValidationError);
      await expect(refusal).rejects.toMatchObject({ fields: [{ path: 'cursor' }] });
    },
  );
});

describe('s3documents/import-download', () => {
  it('answers a short-lived link to the filed copy, and records the download', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    const link = await download(w, done.importId, 4);
    expect(link).toEqual({
      url: expect.stringContaining(
        `https://documents.example.com/${importedFileKeyOf(STUDY.main.studyId, done.importId, { object: 2, file: 0 })}?`,
      ) as unknown,
      expiresAt: expect.any(String) as unknown,
      fileName: 'CV Müller.pdf',
    });
    expect(new URL(link.url).searchParams.get('name')).toBe('CV Müller.pdf');
    expect(new URL(link.url).searchParams.get('type')).toBe('application/pdf');
    expect(new URL(link.url).searchParams.get('expires')).toBe('900');
    expect(w.audit.actions()).toEqual([
      'study.import-announced',
      'study.import-announced',
      'study.imported-etmf',
      'study.imported-etmf',
      'imported-file.downloaded',
      'imported-file.downloaded',
    ]);
    expect(w.audit.entries[4]).toMatchObject({
      outcome: 'success',
      actor: { email: 'sponsor@example.com', role: 'OrgAdmin' },
      organisationId: ORG.sponsor.organisationId,
      target: { type: 'study', id: STUDY.main.studyId, label: STUDY.main.protocolNumber },
      after: {
        importId: done.importId,
        seq: 4,
        objectId: 'OBJ-3',
        artifactNumber: '05.02.04',
        fileName: 'CV Müller.pdf',
        sha256: sha(CV),
      },
    });

    expect(w.audit.entries[5]?.organisationId).toBe(ORG.cro.organisationId);
    // A PlatformAdmin's download goes into the same trails.
    await download(w, done.importId, 1, WHO.platformAdmin);
    expect(w.audit.entries.slice(6).map((e) => e.organisationId)).toEqual([
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
    ]);
  });

  it('the link expires 15 minutes after it was made', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    w.clock.advance(60_000);
    const link = await download(w, done.importId, 1);
    expect(link.expiresAt).toBe('2025-03-01T09:16:00.000Z');
  });

  it('answers 404 for a number the import did not file, recording nothing', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    await expect(download(w, done.importId, 6)).rejects.toThrow(NotFoundError);
    expect(w.audit.actions()).not.toContain('imported-file.downloaded');
    expect(w.files.calls.downloadUrl).toBe(0);
  });
});
