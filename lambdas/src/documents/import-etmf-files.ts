import { type ImportDeps, clip } from './import-etmf-kit';
import { createHash } from 'node:crypto';
import {
  DOCUMENT_CONTENT_TYPES,
  EXTENSIONS_OF,
  MAX_DOCUMENT_BYTES,
  documentTextSchema,
  type NotFiledReason,
} from '@ccsc/contract/documents';
import { type TmfArtifact, type TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import type { EmsFile, EmsObject } from './exchange/ems-schema';
import { entryOfContentUrl } from './exchange/layout';
import { algorithmLabel, readIntegrity } from './exchange/integrity-forms';
import { type Candidate, placeArtifact } from './import-etmf-placement';
import { ZipReadError, type ZipArchive, type ZipEntry } from './exchange/zip-reader';
import {
  type FileCheck,
  type ImportRecord,
  importStageKeyOf,
} from '../core/ports/document-imports';
import type { ConnectionRecord, StudyRecord } from '../core/ports/registry';

/**
 * One object of an eTMF-EMS import placed (its artifact: certain, a conflict, or why not), and
 * each of its files checked: read from the package into a stage of its own and verified against
 * its INTEGRITY (import-etmf.core.ts decides the object once every file is checked).
 */

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

export const LEVELS = { Trial: 'trial', Country: 'country', Site: 'site' } as const;

export const REPLACED =
  'The package was replaced after its exchange.xml was validated: the objects filed so far stay filed; start a new import with the package you mean.';

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

/** Where an object goes: its artifact (or the conflict's candidates) and its site, or why not. */
export type Place =
  | { kind: 'certain'; artifact: TmfArtifact; connection: ConnectionRecord | null }
  | {
      kind: 'conflict';
      why: string;
      candidates: Candidate[];
      statedName: string | null;
      connection: ConnectionRecord | null;
    }
  | { kind: 'refused'; reason: NotFiledReason; detail: string };

/** The level an artifact allows, or why not. */
export const levelProblem = (artifact: TmfArtifact, object: Pick<EmsObject, 'objectLevel'>) => {
  const level = LEVELS[object.objectLevel];
  return artifact.levels.includes(level)
    ? null
    : `${artifact.number} ${artifact.name} is filed at ${artifact.levels.join(', ')} level, not ${level}.`;
};

/** The object's artifact through the crosswalk, and its site; no file is read for it. */
export const placeOf = (object: EmsObject, run: Run): Place => {
  const placement = placeArtifact(
    {
      tmfRmVersion: run.record.batch?.tmfRmVersion ?? '',
      artifactNumber: object.artifactNumber,
      uniqueId: object.uniqueId,
      contentUrls: object.files.map((f) => f.contentUrl),
      subArtifact: object.subArtifact,
    },
    run.catalogue,
  );
  if (placement.kind === 'unknown') {
    return { kind: 'refused', reason: 'artifact-unknown', detail: placement.detail };
  }
  if (placement.kind === 'certain') {
    const problem = levelProblem(placement.artifact, object);
    if (problem !== null) return { kind: 'refused', reason: 'level-not-allowed', detail: problem };
  }
  let connection: ConnectionRecord | null = null;
  if (LEVELS[object.objectLevel] === 'site') {
    const siteId = object.siteId?.trim() ?? '';
    const found = run.sitesByNumber.get(siteId);
    if (found === undefined) {
      return {
        kind: 'refused',
        reason: 'site-unknown',
        detail:
          siteId === ''
            ? 'The site-level object names no SITEID.'
            : `Site ${siteId} is not a site of study ${run.study.protocolNumber}.`,
      };
    }
    connection = found;
  }
  return placement.kind === 'certain'
    ? { kind: 'certain', artifact: placement.artifact, connection }
    : {
        kind: 'conflict',
        why: placement.why,
        candidates: placement.candidates,
        statedName: placement.statedName,
        connection,
      };
};

/**
 * The claim a file makes on the study: it holds the file already when it came from the same
 * source, object and version with the same content (its SHA-256, whatever hash the package states).
 */
export const claimOf = (
  record: Pick<ImportRecord, 'batch'>,
  object: Pick<EmsObject, 'objectId' | 'objectVersion'>,
  sha256: string,
): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        record.batch?.transferSourceId ?? '',
        object.objectId,
        object.objectVersion,
        sha256,
      ]),
    )
    .digest('hex');

/**
 * One file checked: read once from the package into its stage under incoming/ (which expires;
 * only the hub writes there), hashed on the way with the algorithm INTEGRITY names and with
 * SHA-256. Nothing is written under records/ here.
 */
export const checkFile = async (
  object: EmsObject,
  file: EmsFile,
  position: { object: number; file: number },
  run: Run,
  deps: Pick<ImportDeps, 'files' | 'imports'>,
): Promise<FileCheck> => {
  const refused = (reason: NotFiledReason, detail: string): FileCheck => ({
    ok: false,
    reason,
    detail: clip(detail, 500),
    fileName: clip(file.fileName, 255),
  });
  const path = entryOfContentUrl(file.contentUrl, run.record.inventory ?? '', run.names);
  const entry = path === null ? undefined : run.byName.get(path);
  if (entry === undefined || entry.directory) {
    return refused('file-missing', `CONTENTURL ${file.contentUrl} names no file in the package.`);
  }
  const integrity = readIntegrity(file.integrity);
  if (!integrity.ok) {
    return refused(
      'integrity-unreadable',
      `INTEGRITY “${clip(file.integrity, 200)}” states no hash the hub can check: ${integrity.why}`,
    );
  }
  const fileName = fileNameOf(file, entry.name);
  const contentType = contentTypeOf(fileName);
  if (contentType === null) {
    return refused(
      'file-type-not-allowed',
      `${fileName}: the hub keeps PDF, Word, Excel, PNG, JPEG, TIFF and XML files.`,
    );
  }
  if (entry.size > MAX_DOCUMENT_BYTES) {
    return refused(
      'file-too-large',
      `${fileName} has ${String(entry.size)} bytes; 100 MB at most.`,
    );
  }
  const verified = (size: number, sha256: string, already: boolean): FileCheck => ({
    ok: true,
    fileName: clip(fileName, 255),
    contentType,
    size,
    sha256,
    integrity: `${integrity.algorithm}-${integrity.hex}`,
    integrityNote: integrity.weaker,
    already,
  });
  const holds = async (sha256: string) =>
    (await deps.imports.claimOf(run.study.studyId, claimOf(run.record, object, sha256))) !== null;
  if (integrity.algorithm === 'sha256' && (await holds(integrity.hex))) {
    return verified(entry.size, integrity.hex, true);
  }
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
    return refused('file-unreadable', `${entry.name}: ${err.message}`);
  }
  const statedHex = stated.digest('hex');
  if (staged.size !== entry.size) {
    return refused('file-unreadable', `${entry.name}: the package changed while it was read.`);
  }
  if (statedHex !== integrity.hex) {
    return refused(
      'checksum-mismatch',
      `${entry.name}: its ${algorithmLabel(integrity.algorithm)} is ${statedHex}, not ${integrity.hex} as INTEGRITY states.`,
    );
  }
  // Held already? Asked above when INTEGRITY is a SHA-256 (the same digest, now verified).
  return verified(
    staged.size,
    staged.sha256,
    integrity.algorithm !== 'sha256' && (await holds(staged.sha256)),
  );
};
