import type { TmfArtifact } from '@ccsc/contract/tmf-catalogue';
import { type ImportDeps, clip } from './import-etmf-kit';
import { LEVELS, type Place, claimOf } from './import-etmf-files';
import type { EmsObject } from './exchange/ems-schema';
import { isoDate } from './exchange/exchange-xml';
import { importedSignaturesOf } from './ems-signatures';
import {
  type ConflictRecord,
  type FileCheck,
  type FiledWithClaim,
  type ImportRecord,
  type NotFiledRecord,
  importStageKeyOf,
  importedFileKeyOf,
} from '../core/ports/document-imports';
import type { ConnectionRecord } from '../core/ports/registry';

/**
 * An object decided once every one of its files is checked (issue 34): filed whole (its
 * verified stages kept under records/, then every row in one step), not filed (the object
 * listed with each file's outcome), or a conflict kept for a person. Shared by the import
 * (import-etmf.core.ts) and the resolution of a conflict (import-etmf-resolve.core.ts).
 */

export type Verified = Extract<FileCheck, { ok: true }>;

/**
 * The site a filed row names: a site-level object's site of the study (its SITEID found there);
 * a country-level object's SITEID as stated (it is filed to the study, not to that site, but an
 * export writes its SITEID again, so a round trip keeps it).
 */
const siteNumberOf = (object: EmsObject, connection: ConnectionRecord | null): string | null => {
  if (connection !== null) return connection.siteNumber;
  const stated = object.siteId?.trim() ?? '';
  return object.objectLevel === 'Country' && stated !== '' ? clip(stated, 100) : null;
};

/**
 * What every filed row of an object carries beside its artifact and its own file, and each of
 * its files' signatures (a row takes its own file's: filedRowsOf).
 */
export const filingOf = (
  object: EmsObject,
  connection: ConnectionRecord | null,
): ConflictRecord['filing'] => ({
  objectId: clip(object.objectId, 255),
  subArtifact: object.subArtifact === undefined ? null : clip(object.subArtifact, 300),
  level: LEVELS[object.objectLevel],
  countryId: object.countryId ?? null,
  siteNumber: siteNumberOf(object, connection),
  connectionId: connection?.connectionId ?? null,
  title: clip(object.objectTitle?.trim() ?? '', 500),
  version: clip(object.objectVersion, 100),
  versionState: object.objectVersionState,
  artifactDate: object.artifactDate === undefined ? null : isoDate(object.artifactDate),
  language: object.objectLanguage ?? null,
  personNames: object.personNames.slice(0, 20).map((n) => clip(n, 200)),
  fileSignatures: importedSignaturesOf(object),
});

/** The study's claims of an object's files, in file order. */
export const claimsOf = (record: ImportRecord, object: EmsObject, checks: Verified[]) =>
  checks.map((c) => claimOf(record, object, c.sha256));

/** A stage that is not there any more (incoming/ expires 7 days after the upload). */
export class StageGoneError extends Error {
  constructor(fileName: string) {
    super(
      `The verified copy of ${fileName} has expired (the upload area keeps files for 7 days): import the package again.`,
    );
    this.name = 'StageGoneError';
  }
}

/** A file of an object copied under records/, as verified. */
export interface Kept {
  file: number;
  objectKey: string;
  check: Verified;
}

/**
 * An object's verified stages copied under records/, each through SHA-256 once more (it must be
 * what was verified). A file the study holds already is not copied. Copies are made before any
 * row is written (filedRowsOf, then one step), so a call cut short leaves copies no row names —
 * the next call makes them again, under the same keys — and never half an object filed.
 */
export const keepVerified = async (
  input: { record: ImportRecord; position: number; checks: Verified[] },
  deps: Pick<ImportDeps, 'files'>,
): Promise<Kept[]> => {
  const out: Kept[] = [];
  // A second file of the object with the same content is held by the first: kept (and claimed)
  // once, counted as already there — one claim is one item, written once in the object's step.
  const contents = new Set<string>();
  for (const [file, check] of input.checks.entries()) {
    if (check.already || contents.has(check.sha256)) continue;
    contents.add(check.sha256);
    const at = { object: input.position, file };
    const objectKey = importedFileKeyOf(input.record.studyId, input.record.importId, at);
    let kept: { size: number; sha256: string };
    try {
      kept = await deps.files.keep(
        importStageKeyOf(input.record.importId, at),
        objectKey,
        check.contentType,
        check.size,
      );
    } catch (err) {
      if (err instanceof Error && err.name === 'NoSuchKey')
        throw new StageGoneError(check.fileName);
      throw err;
    }
    if (kept.sha256 !== check.sha256 || kept.size !== check.size) {
      throw new Error(`The staged copy of ${check.fileName} changed before it was kept.`);
    }
    out.push({ file, objectKey, check });
  }
  return out;
};

/** The rows of an object's kept files (those the study does not hold yet), seq on from `firstSeq`. */
export const filedRowsOf = (input: {
  record: ImportRecord;
  kept: Kept[];
  claims: string[];
  artifact: Pick<TmfArtifact, 'number' | 'name'>;
  filing: ConflictRecord['filing'];
  at: string;
  firstSeq: number;
}): FiledWithClaim[] => {
  const { fileSignatures, ...filing } = input.filing;
  return input.kept
    .filter((k) => !k.check.already)
    .map(({ file, objectKey, check }, i) => ({
      claim: input.claims[file] ?? '',
      row: {
        ...filing,
        seq: input.firstSeq + i,
        importId: input.record.importId,
        studyId: input.record.studyId,
        objectKey,
        filedAt: input.at,
        artifactNumber: input.artifact.number,
        artifactName: input.artifact.name,
        title: filing.title === '' ? check.fileName : filing.title,
        fileName: check.fileName,
        contentType: check.contentType,
        size: check.size,
        sha256: check.sha256,
        integrity: check.integrity,
        integrityNote: check.integrityNote,
        signatures: fileSignatures?.[file] ?? [],
      },
    }));
};

/** Marks the files the study has come to hold meanwhile (another import filed them). */
export const markHeld = async (
  studyId: string,
  kept: Kept[],
  claims: string[],
  deps: Pick<ImportDeps, 'imports'>,
): Promise<Kept[]> => {
  const out: Kept[] = [];
  for (const k of kept) {
    const held = await deps.imports.claimOf(studyId, claims[k.file] ?? '');
    out.push(held === null ? k : { ...k, check: { ...k.check, already: true } });
  }
  return out;
};

/** Why an object was not filed, with each of its files' outcome. */
export const notFiledOf = (
  object: EmsObject,
  seq: number,
  checks: FileCheck[] | { reason: Extract<Place, { kind: 'refused' }>['reason']; detail: string },
): NotFiledRecord => {
  if (!Array.isArray(checks)) {
    return {
      seq,
      objectId: clip(object.objectId, 255),
      fileName: clip(object.files[0]?.fileName ?? '', 255),
      artifactNumber: object.artifactNumber,
      reason: checks.reason,
      detail: clip(checks.detail, 500),
      files: object.files.map((f) => ({
        fileName: clip(f.fileName, 255),
        outcome: 'not-checked' as const,
        detail: null,
        integrityNote: null,
      })),
    };
  }
  const failed = checks.filter((c) => !c.ok);
  const first = failed[0];
  const others = failed.length - 1;
  return {
    seq,
    objectId: clip(object.objectId, 255),
    fileName: first?.fileName ?? '',
    artifactNumber: object.artifactNumber,
    reason: first?.reason ?? 'object-incomplete',
    detail: clip(
      `${String(failed.length)} of its ${String(checks.length)} files did not verify, so nothing of the object is filed. ${first?.detail ?? ''}${others > 0 ? ` (and ${String(others)} more)` : ''}`,
      500,
    ),
    files: checks.map((c) =>
      c.ok
        ? {
            fileName: c.fileName,
            outcome: 'verified' as const,
            detail: 'Verified, but not filed: another file of its object was not.',
            integrityNote: c.integrityNote,
          }
        : { fileName: c.fileName, outcome: c.reason, detail: c.detail, integrityNote: null },
    ),
  };
};

/** An object whose artifact is uncertain, its files verified and staged, kept for a person. */
export const conflictOf = (input: {
  object: EmsObject;
  position: number;
  seq: number;
  record: ImportRecord;
  place: Extract<Place, { kind: 'conflict' }>;
  checks: Verified[];
}): ConflictRecord => {
  const { object, place, checks } = input;
  const filing = filingOf(object, place.connection);
  return {
    seq: input.seq,
    objectId: filing.objectId,
    artifactNumber: object.artifactNumber,
    uniqueId: String(object.uniqueId).padStart(3, '0'),
    tmfRmVersion: input.record.batch?.tmfRmVersion ?? '',
    statedName: place.statedName === null ? null : clip(place.statedName, 300),
    title: filing.title === '' ? (checks[0]?.fileName ?? '') : filing.title,
    level: filing.level,
    siteNumber: filing.siteNumber,
    why: clip(place.why, 1000),
    candidates: place.candidates,
    files: checks.map((c) => ({
      fileName: c.fileName,
      size: c.size,
      sha256: c.sha256,
      integrityNote: c.integrityNote,
    })),
    state: 'open',
    resolvedBy: null,
    resolvedAt: null,
    filedAs: null,
    object: input.position,
    filing,
    checks,
    claims: claimsOf(input.record, object, checks),
  };
};
