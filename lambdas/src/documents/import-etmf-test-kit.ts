import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { routes } from '@ccsc/contract/routes';
import type { Caller, RequestContext } from '../core/request';
import { exchangeXml, type EmsBatch, type EmsFile, type EmsObject } from './exchange/exchange-xml';
import { integrityOf } from './exchange/layout';
import { utf8, zipEntries } from './exchange/zip-writer';
import type { Clock } from '../core/ports/clock';
import { importUploadKeyOf } from '../core/ports/document-imports';
import { callerContext } from '../core/testing/fakes';
import { MemoryDocumentFiles, MemoryImportStore } from '../core/testing/memory-document-imports';
import { connection, network, ORG, STUDY, SYS, WHO } from '../core/testing/connection-test-network';
import { runImport } from './import-etmf.core';
import type { ImportDeps } from './import-etmf-kit';
import { downloadImported, getImport, listImports } from './import-etmf-reads';
import { startImport } from './import-etmf-start';
import { resolveConflict } from './import-etmf-resolve.core';

/** The eTMF-EMS import's test world: packages built byte for byte, in-memory ports, calls as the router makes them. */

// ---------------------------------------------------------------------------------------------
// Packages
// ---------------------------------------------------------------------------------------------

type Algorithm = 'md5' | 'sha1' | 'sha256';
export const hex = (algorithm: Algorithm, bytes: Buffer) =>
  createHash(algorithm).update(bytes).digest('hex');
export const sha = (bytes: Buffer) => hex('sha256', bytes);
export const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

export const BATCH: EmsBatch = {
  studyId: 'CRO-STUDY-7',
  transferSourceId: 'ACME-CRO',
  transferId: 'T-0001',
  specificationId: 'ACME-EMS-1',
  tmfRmVersion: '3.3.1',
};

export const object = (
  more: Partial<EmsObject> & Pick<EmsObject, 'objectId' | 'files'>,
): EmsObject => ({
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

export const file = (
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
export const zipOf = async (entries: Entry[]): Promise<Buffer> => {
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
export const packageOf = (
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

export const sponsorAuditor = callerContext({
  role: 'Auditor',
  organisationId: ORG.sponsor.organisationId,
  email: 'sponsor-auditor@example.com',
});

export const setUp = (options: { budgetMs?: number; tickMs?: number } = {}) => {
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
export type Who = RequestContext<Caller>;

// Each call as the router makes it: the input parsed, the answer checked against the contract.
export const start = async (w: World, body: unknown, who: Who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/import-etmf-upload'];
  return route.response.parse(await startImport(route.request.parse(body), who, w.deps));
};
export const run = async (w: World, importId: string, who: Who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/import-etmf'];
  return route.response.parse(await runImport(route.request.parse({ importId }), who, w.deps))
    .import;
};
export const get = async (
  w: World,
  query: { importId: string; cursor?: string },
  who = WHO.sponsorAdmin,
) => {
  const route = routes['s3documents/import-get'];
  return route.response.parse(await getImport(route.request.parse(query), who, w.deps));
};
export const download = async (w: World, importId: string, seq: number, who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/import-download'];
  return route.response.parse(
    await downloadImported(route.request.parse({ importId, seq: String(seq) }), who, w.deps),
  );
};
export const resolve = async (
  w: World,
  body: { importId: string; seq: number; action: 'file' | 'skip'; artifactNumber?: string },
  who: Who = WHO.sponsorAdmin,
) => {
  const route = routes['s3documents/import-resolve'];
  return route.response.parse(await resolveConflict(route.request.parse(body), who, w.deps)).import;
};
export const list = async (w: World, studyId: string, who = WHO.sponsorAdmin) => {
  const route = routes['s3documents/imports'];
  return route.response.parse(await listImports(route.request.parse({ studyId }), who, w.deps))
    .imports;
};

/** Announces the package and PUTs it where the upload link points; answers the import id. */
export const announce = async (
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
export const runToEnd = async (w: World, importId: string, who: Who = WHO.sponsorAdmin) => {
  const answers = [await run(w, importId, who)];
  while (answers.at(-1)?.state === 'importing') {
    if (answers.length > 1000) throw new Error('The import never ends.');
    answers.push(await run(w, importId, who));
  }
  const last = answers.at(-1);
  if (last === undefined) throw new Error('No answer.');
  return { answers, last };
};

export const importOnce = async (w: World, zip: Buffer, who: Who = WHO.sponsorAdmin) =>
  (await runToEnd(w, await announce(w, zip, who), who)).last;

export const recordsOf = (w: World) => w.files.keysUnder('records/');
/** The places of EVERY_LEVEL's five files: OBJ-1 has two. */
export const POSITIONS = [
  { object: 0, file: 0 },
  { object: 0, file: 1 },
  { object: 1, file: 0 },
  { object: 2, file: 0 },
  { object: 3, file: 0 },
];

/** A promise a test resolves when it likes. */
export const gate = () => {
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

export const PLAN = pdf('TMF plan');
export const INDEX = pdf('TMF index');
export const SUBMISSION = pdf('Regulatory submission, Germany');
export const CV = pdf('CV of Dr. Jana Müller');
export const OLD_INDEX = pdf('TMF index, draft');

export const PATHS = {
  plan: '01/01.01/01.01.01.Trial Master File Plan/TMF Plan v1.pdf',
  index: '01/01.01/01.01.01.Trial Master File Plan/TMF Index.pdf',
  submission: '03/03.01/03.01.01.Regulatory Submission/Submission DE.pdf',
  cv: '05/05.02/05.02.04.Principal Investigator Curriculum Vitae/CV Müller.pdf',
  oldIndex: '01/01.01/01.01.01.Trial Master File Plan/TMF Index draft.pdf',
};

/** Four objects, five files: trial (two files), country, site, and a superseded version. */
export const EVERY_LEVEL: EmsObject[] = [
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
export const everyLevel = () =>
  packageOf(EVERY_LEVEL, {
    [PATHS.plan]: PLAN,
    [PATHS.index]: INDEX,
    [PATHS.submission]: SUBMISSION,
    [PATHS.cv]: CV,
    [PATHS.oldIndex]: OLD_INDEX,
  });
