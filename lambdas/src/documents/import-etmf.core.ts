import { createHash, randomBytes } from 'node:crypto';
import type { routes } from '@ccsc/contract/routes';
import {
  DOCUMENT_CONTENT_TYPES,
  EXTENSIONS_OF,
  MAX_DOCUMENT_BYTES,
  NOT_FILED_LISTED,
  documentTextSchema,
  type ImportDetail,
  type ImportSummary,
  type NotFiledReason,
} from '@ccsc/contract/documents';
import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { reachOf } from '@ccsc/contract/reach';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { catalogueOf, type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { Caller, Core, RequestContext } from '../core/request';
import type { EmsBatch, EmsFile, EmsObject } from './exchange/ems-schema';
import { readExchangeXml } from './exchange/exchange-parse';
import { isoDate } from './exchange/exchange-xml';
import { entryOfContentUrl, findExchangeXml, parseIntegrity } from './exchange/layout';
import { openZip, ZipReadError, type ZipArchive, type ZipEntry } from './exchange/zip-reader';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type FiledRecord,
  type ImportRecord,
  type ImportStepRow,
  type ImportStore,
  type NotFiledRecord,
  importStageKeyOf,
  importUploadKeyOf,
  importedFileKeyOf,
} from '../core/ports/document-imports';
import type { DocumentFiles } from '../core/ports/documents';
import type { ConnectionRecord, Registry, StudyRecord } from '../core/ports/registry';
import { auditEntry } from '../core/audit-entry';
import { LINK_SECONDS, onSponsorSide as sponsorSide } from './document-views';

/**
 * eTMF-EMS import (issue 17): a package from a CRO or another eTMF filed into a study.
 *
 * The package is uploaded where senders' files go (`incoming/`, which expires) and read where it
 * lies, by ranges (openZip), never whole. exchange.xml is validated against the standard's XSD
 * first; an inventory with a problem is refused whole. Then each object's files, in inventory
 * order: the artifact by its number in TMF RM 3.3 (its UNIQUEID must agree), the level the
 * artifact allows, a site-level object's SITEID among the study's sites, the file named by
 * CONTENTURL, a kind of file the hub keeps — then the file is hashed with the algorithm its
 * INTEGRITY names and, only if it matches, read again into the documents bucket through a
 * SHA-256 that must match the first reading: what is kept is what was verified, and nothing
 * unverified is ever written under `records/`.
 *
 * Each file's outcome is written in one transaction with the import's progress (the filed row,
 * the study's claim on it, its artifact counter; or the row saying why not), so a call that runs
 * out of time, or a process that dies, loses nothing: the next call goes on where the import
 * says. A file a study holds already (the same source, object, version and hash) is not filed
 * again. One call at a time works on an import (a lease on it).
 */

export interface ImportDeps {
  registry: Pick<Registry, 'snapshot'>;
  imports: ImportStore;
  files: Pick<
    DocumentFiles,
    'uploadUrl' | 'sizeOf' | 'readRange' | 'store' | 'keep' | 'downloadUrl'
  >;
  audit: Pick<AuditTrail, 'appendAll'>;
  clock: Clock;
  /** A new import id's random part (tests hand in their own). */
  newId?: () => string;
  /** How long one call goes on filing before it answers `importing` (ms). */
  budgetMs?: number;
}

type Routes = typeof routes;

/**
 * One call starts no file after this long, then answers (API Gateway ends a call at 29 s; the
 * last file, at most 100 MB, is read twice and written twice after it).
 */
const STEP_BUDGET_MS = 12_000;
/** The longest value (or tag, or comment) an inventory may have: every one is kept somewhere. */
const MAX_VALUE = 4096;
/** The largest exchange.xml read (it is read again by every call of the import). */
const MAX_INVENTORY_BYTES = 64 * 1024 * 1024;
/** What the import keeps of the inventory's problems. */
const PROBLEMS_KEPT = 100;

/** A text cut to `max` characters (an ellipsis says so). */
const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;
/** A call that died keeps others off the import this long past its budget. */
const LEASE_SLACK_MS = 60_000;
const UPLOAD_SECONDS = 15 * 60;
/** The newest imports a study lists. */
const LISTED_IMPORTS = 100;
const FILED_PAGE = 100;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const newImportId = (deps: Pick<ImportDeps, 'newId'>): string => {
  if (deps.newId !== undefined) return `imp-${deps.newId()}`;
  let out = '';
  for (const byte of randomBytes(26)) out += ALPHABET[byte & 31] ?? '0';
  return `imp-${out}`;
};

const studyTarget = (study: { studyId: string; protocolNumber: string }) => ({
  type: 'study' as const,
  id: study.studyId,
  label: study.protocolNumber,
});

/**
 * The audit records of an import's step, one in each trail it concerns: the study's sponsor's and
 * its CRO's (the importer is one of them, or a PlatformAdmin).
 */
const importAudit = (
  ctx: RequestContext<Caller>,
  record: ImportRecord,
  fact: Parameters<typeof auditEntry>[1],
) =>
  [...new Set([record.sponsorOrganisationId, record.croOrganisationId])]
    .filter((o): o is string => o !== null)
    .map((organisationId) => auditEntry(ctx, fact, organisationId));

/** The import, if the caller may see it (else 404, as for an import that does not exist). */
const visibleImport = async (
  importId: string,
  caller: Caller,
  deps: Pick<ImportDeps, 'imports' | 'registry'>,
): Promise<ImportRecord> => {
  const notFound = () => new NotFoundError('No import with that id is within your reach.');
  const record = await deps.imports.getImport(importId);
  if (record === null) throw notFound();
  // The study's sponsor side as it is now (a CRO may change), as the study's list of imports.
  const study = (await deps.registry.snapshot()).studies.get(record.studyId);
  if (!sponsorSide(reachOf(caller), study ?? record)) throw notFound();
  return record;
};

const summaryOf = (r: ImportRecord): ImportSummary => ({
  importId: r.importId,
  studyId: r.studyId,
  protocolNumber: r.protocolNumber,
  state: r.state,
  fileName: r.fileName,
  size: r.size,
  startedAt: r.startedAt,
  startedBy: r.startedBy,
  completedAt: r.completedAt,
  objects: r.objects,
  files: r.files,
  filed: r.filed,
  alreadyFiled: r.alreadyFiled,
  notFiled: r.notFiled,
});

const detailOf = async (
  r: ImportRecord,
  deps: Pick<ImportDeps, 'imports'>,
): Promise<ImportDetail> => ({
  ...summaryOf(r),
  batch: r.batch,
  rejection: r.rejection,
  problems: r.problems,
  notFiledList:
    r.notFiled === 0
      ? []
      : (await deps.imports.notFiledRows(r.importId, NOT_FILED_LISTED)).map((n) => ({
          objectId: n.objectId,
          fileName: n.fileName,
          artifactNumber: n.artifactNumber,
          reason: n.reason,
          detail: n.detail,
        })),
});

const publicFiled = (f: FiledRecord) => ({
  seq: f.seq,
  objectId: f.objectId,
  artifactNumber: f.artifactNumber,
  artifactName: f.artifactName,
  subArtifact: f.subArtifact,
  level: f.level,
  countryId: f.countryId,
  siteNumber: f.siteNumber,
  connectionId: f.connectionId,
  title: f.title,
  version: f.version,
  versionState: f.versionState,
  artifactDate: f.artifactDate,
  language: f.language,
  personNames: f.personNames,
  fileName: f.fileName,
  contentType: f.contentType,
  size: f.size,
  sha256: f.sha256,
  integrity: f.integrity,
});

// ---------------------------------------------------------------------------------------------
// Announce
// ---------------------------------------------------------------------------------------------

export const startImport: Core<Routes['s3documents/import-etmf-upload'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  const reach = reachOf(ctx.caller);
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(input.studyId);
  if (study === undefined || reach.kind === 'nothing') {
    throw new NotFoundError('No study with that id is within your reach.');
  }
  if (!sponsorSide(reach, study)) {
    const seesIt =
      reach.kind === 'organisation' &&
      [...snapshot.connections.values()].some(
        (c) => c.studyId === study.studyId && c.siteOrganisationId === reach.organisationId,
      );
    if (!seesIt) throw new NotFoundError('No study with that id is within your reach.');
    throw new ForbiddenError(
      'Only the study’s sponsor (or its CRO) and platform administrators import into a study.',
    );
  }
  const at = deps.clock.now();
  const importId = newImportId(deps);
  const record: ImportRecord = {
    importId,
    revision: 1,
    studyId: study.studyId,
    protocolNumber: study.protocolNumber,
    sponsorOrganisationId: study.sponsorOrganisationId,
    croOrganisationId: study.croOrganisationId,
    organisationId: reach.kind === 'organisation' ? reach.organisationId : null,
    state: 'awaiting-upload',
    fileName: input.fileName,
    size: input.size,
    uploadKey: importUploadKeyOf(importId),
    startedAt: at.toISOString(),
    startedBy: ctx.caller.email,
    completedAt: null,
    batch: null,
    rejection: null,
    problems: [],
    inventory: null,
    inventoryCheck: null,
    objects: 0,
    files: 0,
    filed: 0,
    alreadyFiled: 0,
    notFiled: 0,
    next: { object: 0, file: 0 },
    leaseUntil: null,
  };
  await deps.imports.createImport(record);
  await deps.audit.appendAll(
    importAudit(ctx, record, {
      action: 'study.import-announced',
      target: studyTarget(study),
      after: { importId, fileName: input.fileName, size: input.size },
    }),
  );
  const upload = await deps.files.uploadUrl(record.uploadKey, 'application/zip', UPLOAD_SECONDS);
  return {
    import: summaryOf(record),
    upload: {
      ...upload,
      expiresAt: new Date(at.getTime() + UPLOAD_SECONDS * 1000).toISOString(),
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

/** The content type a file name's extension gives (the first the contract lists for it). */
const contentTypeOf = (fileName: string): string | null => {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return DOCUMENT_CONTENT_TYPES.find((t) => EXTENSIONS_OF[t].includes(extension)) ?? null;
};

const FILE_NAME = documentTextSchema('fileName', 255);

/** The name a filed file keeps: its FILENAME when it is one a document may have, else the entry's. */
const fileNameOf = (file: EmsFile, entry: string): string => {
  const stated = FILE_NAME.safeParse(file.fileName);
  if (stated.success && contentTypeOf(stated.data) !== null) return stated.data;
  return entry.slice(entry.lastIndexOf('/') + 1);
};

const LEVELS = { Trial: 'trial', Country: 'country', Site: 'site' } as const;

const REPLACED =
  'The package was replaced after its exchange.xml was validated: the files filed so far stay filed; start a new import with the package you mean.';

type Outcome =
  | { kind: 'filed'; row: Omit<FiledRecord, 'seq'>; claim: string }
  | { kind: 'not-filed'; reason: NotFiledReason; detail: string; fileName: string }
  | { kind: 'already' };

interface Run {
  record: ImportRecord;
  zip: ZipArchive;
  names: ReadonlySet<string>;
  byName: ReadonlyMap<string, ZipEntry>;
  catalogue: TmfCatalogue;
  study: StudyRecord;
  sitesByNumber: ReadonlyMap<string, ConnectionRecord>;
  at: string;
}

/** The object's artifact and where it is filed, or why it cannot be. */
const placeOf = (
  object: EmsObject,
  run: Run,
):
  | { ok: true; artifact: { number: string; name: string }; connection: ConnectionRecord | null }
  | { ok: false; reason: NotFiledReason; detail: string } => {
  const index = indexCatalogue(run.catalogue);
  const numbered = index.artifacts.get(object.artifactNumber);
  const named = index.list.find((a) => Number(a.uniqueId) === object.uniqueId);
  // A package of another release of the model (TMFRMVERSION 3.2.1…) may number an artifact
  // otherwise; its UNIQUEID is the model's permanent name for it, so it decides there.
  const sameRelease = run.catalogue.release.startsWith(run.record.batch?.tmfRmVersion ?? '?');
  const artifact =
    numbered !== undefined && Number(numbered.uniqueId) === object.uniqueId
      ? numbered
      : sameRelease
        ? undefined
        : named;
  if (artifact === undefined && numbered === undefined) {
    return {
      ok: false,
      reason: 'artifact-unknown',
      detail: `${object.artifactNumber} is not an artifact of the TMF Reference Model ${run.catalogue.release}.`,
    };
  }
  if (artifact === undefined) {
    return {
      ok: false,
      reason: 'artifact-mismatch',
      detail: `UNIQUEID ${String(object.uniqueId)} is ${named === undefined ? 'no artifact' : `artifact ${named.number}`}, not ${object.artifactNumber} (${numbered?.uniqueId ?? '?'}).`,
    };
  }
  const level = LEVELS[object.objectLevel];
  if (!artifact.levels.includes(level)) {
    return {
      ok: false,
      reason: 'level-not-allowed',
      detail: `${artifact.number} ${artifact.name} is filed at ${artifact.levels.join(', ')} level, not ${level}.`,
    };
  }
  if (level !== 'site') return { ok: true, artifact, connection: null };
  const siteId = object.siteId?.trim() ?? '';
  const connection = run.sitesByNumber.get(siteId);
  if (connection === undefined) {
    return {
      ok: false,
      reason: 'site-unknown',
      detail:
        siteId === ''
          ? 'The site-level object names no SITEID.'
          : `Site ${siteId} is not a site of study ${run.study.protocolNumber}.`,
    };
  }
  return { ok: true, artifact, connection };
};

/** What becomes of one file of one object. */
const fileOutcome = async (
  object: EmsObject,
  file: EmsFile,
  position: { object: number; file: number },
  run: Run,
  deps: Pick<ImportDeps, 'files' | 'imports'>,
): Promise<Outcome> => {
  const notFiled = (reason: NotFiledReason, detail: string): Outcome => ({
    kind: 'not-filed',
    reason,
    detail: clip(detail, 500),
    fileName: clip(file.fileName, 255),
  });
  const place = placeOf(object, run);
  if (!place.ok) return notFiled(place.reason, place.detail);
  const path = entryOfContentUrl(file.contentUrl, run.record.inventory ?? '', run.names);
  const entry = path === null ? undefined : run.byName.get(path);
  if (entry === undefined || entry.directory) {
    return notFiled('file-missing', `CONTENTURL ${file.contentUrl} names no file in the package.`);
  }
  const integrity = parseIntegrity(file.integrity);
  if (integrity === null) {
    return notFiled('integrity-unreadable', `INTEGRITY “${file.integrity}” states no known hash.`);
  }
  const fileName = fileNameOf(file, entry.name);
  const contentType = contentTypeOf(fileName);
  if (contentType === null) {
    return notFiled(
      'file-type-not-allowed',
      `${fileName}: the hub keeps PDF, Word, Excel, PNG, JPEG, TIFF and XML files.`,
    );
  }
  if (entry.size > MAX_DOCUMENT_BYTES) {
    return notFiled(
      'file-too-large',
      `${fileName} has ${String(entry.size)} bytes; 100 MB at most.`,
    );
  }
  // The study holds a file already when it came from the same source, object and version with
  // the same content (its SHA-256, whatever hash the package states).
  const claimOf = (sha256: string) =>
    createHash('sha256')
      .update(
        JSON.stringify([
          run.record.batch?.transferSourceId ?? '',
          object.objectId,
          object.objectVersion,
          sha256,
        ]),
      )
      .digest('hex');
  const holds = async (sha256: string) =>
    (await deps.imports.claimOf(run.study.studyId, claimOf(sha256))) !== null;
  if (integrity.algorithm === 'sha256' && (await holds(integrity.hex))) return { kind: 'already' };
  // Read once from the package into a stage of its own under incoming/ (which expires; only the
  // hub writes there), hashed on the way with the algorithm INTEGRITY names and with SHA-256.
  const stageKey = importStageKeyOf(run.record.importId, position);
  const stated = createHash(integrity.algorithm);
  async function* hashed() {
    for await (const chunk of run.zip.entryStream(entry as ZipEntry)) {
      stated.update(chunk);
      yield chunk;
    }
  }
  let staged: { size: number; sha256: string };
  try {
    staged = await deps.files.store(stageKey, hashed(), contentType, entry.size);
  } catch (err) {
    if (!(err instanceof ZipReadError)) throw err;
    return notFiled('file-unreadable', `${entry.name}: ${err.message}`);
  }
  const statedHex = stated.digest('hex');
  if (staged.size !== entry.size) {
    return notFiled('file-unreadable', `${entry.name}: the package changed while it was read.`);
  }
  if (statedHex !== integrity.hex) {
    return notFiled(
      'checksum-mismatch',
      `${entry.name}: its ${integrity.algorithm.toUpperCase()} is ${statedHex}, not ${integrity.hex} as INTEGRITY states.`,
    );
  }
  if (integrity.algorithm !== 'sha256' && (await holds(staged.sha256))) {
    return { kind: 'already' };
  }
  // Verified: copied from the stage into records/ through SHA-256 once more.
  const objectKey = importedFileKeyOf(run.study.studyId, run.record.importId, position);
  const kept = await deps.files.keep(stageKey, objectKey, contentType, entry.size);
  if (kept.sha256 !== staged.sha256 || kept.size !== staged.size) {
    throw new Error(`The staged copy of ${entry.name} changed before it was kept.`);
  }
  const claim = claimOf(kept.sha256);
  const { artifact, connection } = place;
  return {
    kind: 'filed',
    claim,
    row: {
      importId: run.record.importId,
      studyId: run.study.studyId,
      objectKey,
      filedAt: run.at,
      objectId: clip(object.objectId, 255),
      artifactNumber: artifact.number,
      artifactName: artifact.name,
      subArtifact: object.subArtifact === undefined ? null : clip(object.subArtifact, 300),
      level: LEVELS[object.objectLevel],
      countryId: object.countryId ?? null,
      siteNumber: connection?.siteNumber ?? null,
      connectionId: connection?.connectionId ?? null,
      title: clip(object.objectTitle?.trim() || fileName, 500),
      version: clip(object.objectVersion, 100),
      versionState: object.objectVersionState,
      artifactDate: object.artifactDate === undefined ? null : isoDate(object.artifactDate),
      language: object.objectLanguage ?? null,
      personNames: object.personNames.slice(0, 20).map((n) => clip(n, 200)),
      fileName: clip(fileName, 255),
      contentType,
      size: kept.size,
      sha256: kept.sha256,
      integrity: `${integrity.algorithm}-${integrity.hex}`,
    },
  };
};

/** The package's first reading: a zip, one exchange.xml, valid. A problem rejects it whole. */
const validate = async (
  zip: ZipArchive,
): Promise<
  | Pick<ImportRecord, 'inventory' | 'inventoryCheck' | 'batch' | 'objects' | 'files' | 'problems'>
  | string
> => {
  const inventory = findExchangeXml(zip.entries.filter((e) => !e.directory).map((e) => e.name));
  if (inventory === null) {
    return 'The package has no exchange.xml at its top (or more than one at the same depth).';
  }
  const entry = zip.entries.find((e) => e.name === inventory);
  if (entry === undefined) return 'The package has no exchange.xml.';
  if (entry.size > MAX_INVENTORY_BYTES) {
    return `${inventory} has ${String(entry.size)} bytes; the hub reads one of at most 64 MB (split the transfer into several packages).`;
  }
  let batch: EmsBatch | null = null;
  let objects = 0;
  let files = 0;
  const problems: { line: number; message: string }[] = [];
  try {
    for await (const item of readExchangeXml(zip.entryStream(entry), {
      maxValueLength: MAX_VALUE,
      maxProblems: PROBLEMS_KEPT,
    })) {
      if (item.kind === 'batch') batch = item.batch;
      else if (item.kind === 'object') {
        objects += 1;
        files += item.object.files.length;
      } else problems.push({ line: item.problem.line, message: clip(item.problem.message, 300) });
    }
  } catch (err) {
    if (!(err instanceof ZipReadError)) throw err;
    return `${inventory} cannot be read from the package: ${err.message}`;
  }
  if (problems.length > 0 || batch === null || objects === 0) {
    return {
      inventory,
      inventoryCheck: null,
      batch: null,
      objects,
      files,
      problems:
        problems.length > 0
          ? problems
          : [{ line: 1, message: 'The inventory lists no OBJECT: there is nothing to file.' }],
    };
  }
  return {
    inventory,
    inventoryCheck: { size: entry.size, crc32: entry.crc32 },
    objects,
    files,
    problems: [],
    batch: {
      studyId: batch.studyId,
      transferSourceId: batch.transferSourceId,
      transferId: batch.transferId,
      specificationId: batch.specificationId,
      tmfRmVersion: batch.tmfRmVersion,
    },
  };
};

export const runImport: Core<Routes['s3documents/import-etmf'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  let record = await visibleImport(input.importId, ctx.caller, deps);
  if (record.state === 'completed' || record.state === 'rejected') {
    return { import: await detailOf(record, deps) };
  }
  const now = deps.clock.now();
  if (record.leaseUntil !== null && record.leaseUntil > now.toISOString()) {
    // Another call is importing it right now: its progress so far.
    return { import: await detailOf(record, deps) };
  }
  const budget = deps.budgetMs ?? STEP_BUDGET_MS;
  const size = await deps.files.sizeOf(record.uploadKey);
  if (size === null) {
    if (record.state === 'awaiting-upload') {
      throw new ConflictError(
        'The package has not been uploaded yet: PUT the zip to the upload link first.',
      );
    }
    throw new ConflictError('The uploaded package has expired; start a new import.');
  }

  /** Writes the import (with a step's row); false when another call moved it on meanwhile. */
  const write = async (next: ImportRecord, row: ImportStepRow = { kind: 'none' }) => {
    const outcome = await deps.imports.step(next, record.revision, row);
    if (outcome === 'written') record = next;
    return outcome;
  };
  const taken = await write({
    ...record,
    revision: record.revision + 1,
    state: 'importing',
    leaseUntil: new Date(now.getTime() + budget + LEASE_SLACK_MS).toISOString(),
  });
  if (taken !== 'written') {
    throw new ConflictError('Another call is importing this package; try again in a moment.');
  }

  const reject = async (rejection: string, problems: ImportRecord['problems'] = []) => {
    await write({
      ...record,
      revision: record.revision + 1,
      state: 'rejected',
      rejection,
      problems,
      completedAt: deps.clock.now().toISOString(),
      leaseUntil: null,
    });
    await deps.audit.appendAll(
      importAudit(ctx, record, {
        action: 'study.import-rejected',
        target: studyTarget(record),
        after: {
          importId: record.importId,
          rejection,
          problems: problems.length,
          filed: record.filed,
          alreadyFiled: record.alreadyFiled,
          notFiled: record.notFiled,
        },
      }),
    );
    return { import: await detailOf(record, deps) };
  };

  if (size !== record.size) {
    return reject(
      `The package uploaded has ${String(size)} bytes, not the ${String(record.size)} announced.`,
    );
  }
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(record.studyId);
  if (study === undefined) throw new NotFoundError('The import’s study no longer exists.');
  let zip: ZipArchive;
  try {
    zip = await openZip((start, end) => deps.files.readRange(record.uploadKey, start, end), size);
  } catch (err) {
    if (!(err instanceof ZipReadError)) throw err;
    return reject(`The package is not a zip the hub can read: ${err.message}`);
  }
  if (record.inventory === null) {
    const checked = await validate(zip);
    if (typeof checked === 'string') return reject(checked);
    if (checked.problems.length > 0) {
      return reject(
        `${checked.inventory ?? 'exchange.xml'} does not validate against the eTMF-EMS schema: nothing was filed.`,
        checked.problems,
      );
    }
    if ((await write({ ...record, ...checked, revision: record.revision + 1 })) !== 'written') {
      throw new ConflictError('The import changed meanwhile; try again.');
    }
  }
  const found = catalogueOf('3.3');
  if (found === null) throw new Error('The TMF Reference Model 3.3 catalogue is missing.');
  // A study's site by its number: an open connection first, else any it had.
  const sitesByNumber = new Map<string, ConnectionRecord>();
  for (const c of snapshot.connections.values()) {
    if (c.studyId !== study.studyId) continue;
    const known = sitesByNumber.get(c.siteNumber);
    if (known === undefined || !OPEN_CONNECTION_STATUSES.includes(known.status)) {
      sitesByNumber.set(c.siteNumber, c);
    }
  }
  const run: Run = {
    record,
    zip,
    names: new Set(zip.entries.map((e) => e.name)),
    byName: new Map(zip.entries.map((e) => [e.name, e])),
    catalogue: found,
    study,
    sitesByNumber,
    at: now.toISOString(),
  };
  const inventory = zip.entries.find((e) => e.name === record.inventory);
  const check = record.inventoryCheck;
  if (
    inventory === undefined ||
    check === null ||
    inventory.size !== check.size ||
    inventory.crc32 !== check.crc32
  ) {
    return reject(REPLACED);
  }

  const deadline = now.getTime() + budget;
  let position = -1;
  let stopped = false;
  let worked = 0;
  const before = {
    filed: record.filed,
    alreadyFiled: record.alreadyFiled,
    notFiled: record.notFiled,
  };
  const items = readExchangeXml(zip.entryStream(inventory), { maxValueLength: MAX_VALUE });
  // The inventory's CRC-32 is checked at its end: a package replaced under the import fails it.
  const checkedItems = async function* () {
    try {
      yield* items;
    } catch (err) {
      if (!(err instanceof ZipReadError)) throw err;
      yield { kind: 'replaced' as const };
    }
  };
  for await (const item of checkedItems()) {
    // The inventory validated once; a problem now means its bytes are not those any more.
    if (item.kind === 'problem' || item.kind === 'replaced') return reject(REPLACED);
    if (item.kind !== 'object') continue;
    position += 1;
    if (position < record.next.object) continue;
    const files = item.object.files;
    for (let at = position === record.next.object ? record.next.file : 0; at < files.length;) {
      const file = files[at];
      if (file === undefined) break;
      // At least one file a call, so every call moves the import on.
      if (worked > 0 && deps.clock.now().getTime() > deadline) {
        stopped = true;
        break;
      }
      run.record = record;
      const outcome = await fileOutcome(
        item.object,
        file,
        { object: position, file: at },
        run,
        deps,
      );
      const next =
        at + 1 < files.length
          ? { object: position, file: at + 1 }
          : { object: position + 1, file: 0 };
      const base = { ...record, revision: record.revision + 1, next };
      let written: 'written' | 'moved' | 'claimed';
      if (outcome.kind === 'filed') {
        const row = { ...outcome.row, seq: record.filed + 1 };
        written = await write(
          { ...base, filed: record.filed + 1 },
          {
            kind: 'filed',
            row,
            claim: outcome.claim,
          },
        );
        // Filed by another import meanwhile: counted as already there.
        if (written === 'claimed')
          written = await write({ ...base, alreadyFiled: record.alreadyFiled + 1 });
      } else if (outcome.kind === 'already') {
        written = await write({ ...base, alreadyFiled: record.alreadyFiled + 1 });
      } else {
        const row: NotFiledRecord = {
          seq: record.notFiled + 1,
          objectId: clip(item.object.objectId, 255),
          fileName: outcome.fileName,
          artifactNumber: item.object.artifactNumber,
          reason: outcome.reason,
          detail: outcome.detail,
        };
        written = await write(
          { ...base, notFiled: record.notFiled + 1 },
          { kind: 'not-filed', row },
        );
      }
      if (written !== 'written') {
        throw new ConflictError('The import changed meanwhile; try again.');
      }
      worked += 1;
      at += 1;
    }
    if (stopped) break;
  }
  if (stopped) {
    await write({ ...record, revision: record.revision + 1, leaseUntil: null });
    // What this call filed is in the trail now, not only when (if ever) the import completes.
    await deps.audit.appendAll(
      importAudit(ctx, record, {
        action: 'study.import-progressed',
        target: studyTarget(record),
        after: {
          importId: record.importId,
          files: record.files,
          filed: record.filed - before.filed,
          alreadyFiled: record.alreadyFiled - before.alreadyFiled,
          notFiled: record.notFiled - before.notFiled,
          filedSoFar: record.filed,
        },
      }),
    );
    return { import: await detailOf(record, deps) };
  }
  await write({
    ...record,
    revision: record.revision + 1,
    state: 'completed',
    completedAt: deps.clock.now().toISOString(),
    leaseUntil: null,
  });
  await deps.audit.appendAll(
    importAudit(ctx, record, {
      action: 'study.imported-etmf',
      target: studyTarget(record),
      after: {
        importId: record.importId,
        fileName: record.fileName,
        transferSourceId: record.batch?.transferSourceId ?? null,
        transferId: record.batch?.transferId ?? null,
        objects: record.objects,
        files: record.files,
        filed: record.filed,
        alreadyFiled: record.alreadyFiled,
        notFiled: record.notFiled,
      },
    }),
  );
  return { import: await detailOf(record, deps) };
};

// ---------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------

export const listImports: Core<Routes['s3documents/imports'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(input.studyId);
  if (study === undefined || !sponsorSide(reachOf(ctx.caller), study)) {
    throw new NotFoundError('No study with that id is within your reach.');
  }
  const imports = await deps.imports.studyImports(study.studyId, LISTED_IMPORTS);
  return { imports: imports.map(summaryOf) };
};

const readSeqCursor = (cursor: string | undefined): number => {
  if (cursor === undefined) return 0;
  const seq = /^f(\d{1,9})$/u.exec(cursor)?.[1];
  if (seq === undefined) {
    throw new ValidationError('The cursor does not belong to this list; start again.', [
      { path: 'cursor', message: 'The cursor does not belong to this list.' },
    ]);
  }
  return Number(seq);
};

export const getImport: Core<Routes['s3documents/import-get'], ImportDeps> = async (
  input,
  ctx,
  deps,
) => {
  const record = await visibleImport(input.importId, ctx.caller, deps);
  const page = await deps.imports.filedPage(
    record.importId,
    readSeqCursor(input.cursor),
    FILED_PAGE,
  );
  const last = page.rows.at(-1);
  return {
    import: await detailOf(record, deps),
    objects: page.rows.map(publicFiled),
    nextCursor: page.hasMore && last !== undefined ? `f${String(last.seq)}` : null,
  };
};

export const downloadImported: Core<Routes['s3documents/import-download'], ImportDeps> = async (
  input,
  ctx: RequestContext<Caller>,
  deps,
) => {
  const record = await visibleImport(input.importId, ctx.caller, deps);
  const filed = await deps.imports.getFiled(record.importId, input.seq);
  if (filed === null) throw new NotFoundError('The import filed no file with that number.');
  await deps.audit.appendAll(
    importAudit(ctx, record, {
      action: 'imported-file.downloaded',
      target: studyTarget(record),
      after: {
        importId: record.importId,
        seq: filed.seq,
        objectId: filed.objectId,
        artifactNumber: filed.artifactNumber,
        fileName: filed.fileName,
        sha256: filed.sha256,
      },
    }),
  );
  const at = deps.clock.now();
  const url = await deps.files.downloadUrl(
    filed.objectKey,
    filed.fileName,
    filed.contentType,
    LINK_SECONDS,
  );
  return {
    url,
    expiresAt: new Date(at.getTime() + LINK_SECONDS * 1000).toISOString(),
    fileName: filed.fileName,
  };
};
