import { type ImportDeps, clip } from './import-etmf-kit';
import { createHash } from 'node:crypto';
import {
  DOCUMENT_CONTENT_TYPES,
  EXTENSIONS_OF,
  MAX_DOCUMENT_BYTES,
  documentTextSchema,
  type NotFiledReason,
} from '@ccsc/contract/documents';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import type { EmsFile, EmsObject } from './exchange/ems-schema';
import { isoDate } from './exchange/exchange-xml';
import { entryOfContentUrl } from './exchange/layout';
import { parseIntegrity } from './exchange/integrity-forms';
import { ZipReadError, type ZipArchive, type ZipEntry } from './exchange/zip-reader';
import {
  type FiledRecord,
  type ImportRecord,
  importStageKeyOf,
  importedFileKeyOf,
} from '../core/ports/document-imports';
import type { ConnectionRecord, StudyRecord } from '../core/ports/registry';

/** One file of an eTMF-EMS import: where it is filed, or why not (import-etmf.core.ts). */

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

export const REPLACED =
  'The package was replaced after its exchange.xml was validated: the files filed so far stay filed; start a new import with the package you mean.';

type Outcome =
  | { kind: 'filed'; row: Omit<FiledRecord, 'seq'>; claim: string }
  | { kind: 'not-filed'; reason: NotFiledReason; detail: string; fileName: string }
  | { kind: 'already' };

export interface Run {
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
export const fileOutcome = async (
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
