import type {
  FiledObject,
  FileOutcome,
  ImportConflict,
  ImportDetail,
  ImportedSignature,
  ImportState,
  NotFiledReason,
} from '@ccsc/contract/documents';

/**
 * An eTMF-EMS import into a study (issue 17; the model: @ccsc/contract/documents). The import is
 * run in steps (one call files what fits in its time); `next` says where the next step starts,
 * and every step's outcome is written together with the import's progress.
 */
export interface ImportRecord {
  importId: string;
  revision: number;
  studyId: string;
  protocolNumber: string;
  sponsorOrganisationId: string;
  croOrganisationId: string | null;
  /** The importing administrator's organisation (null: a PlatformAdmin). */
  organisationId: string | null;
  state: ImportState;
  fileName: string;
  size: number;
  /** Where the package was uploaded (the documents bucket's `incoming/`, which expires). */
  uploadKey: string;
  startedAt: string;
  startedBy: string;
  completedAt: string | null;
  batch: ImportDetail['batch'];
  rejection: string | null;
  problems: { line: number; message: string }[];
  /** The exchange.xml's path in the package, once validated. */
  inventory: string | null;
  /**
   * The validated exchange.xml's size and CRC-32 (the zip's): a later call that finds another
   * (the package PUT again through the still valid link) rejects the import.
   */
  inventoryCheck: { size: number; crc32: number } | null;
  objects: number;
  files: number;
  filed: number;
  alreadyFiled: number;
  notFiled: number;
  /** Open conflicts (objects waiting for a person); absent on imports before issue 34. */
  conflicts?: number;
  /** The files of the conflicts not filed through them (open or skipped). */
  conflictFiles?: number;
  /** Conflict rows written (open or resolved): the next one's seq is one above. */
  conflictRows?: number;
  /** Not-filed rows written (one per object): the next one's seq is one above. */
  notFiledRows?: number;
  /** The next object and file (by position in the inventory) to file. */
  next: { object: number; file: number };
  /**
   * What the files of the object at `next.object` before `next.file` came to (issue 34): an
   * object is filed only once every one of its files verified, so each file's check is kept here
   * (with the progress, so a call cut short goes on) until the object is decided.
   */
  checked?: FileCheck[];
  /** A step in progress holds the import until then (ISO time); null when none does. */
  leaseUntil: string | null;
}

/** One file's check: verified and staged (its stage by position), or why not. */
export type FileCheck =
  | {
      ok: true;
      fileName: string;
      contentType: string;
      size: number;
      sha256: string;
      /** The hash checked: `<algorithm>-<hex>`. */
      integrity: string;
      integrityNote: string | null;
      /** The study holds this file already (the same source, object, version and content). */
      already: boolean;
    }
  | { ok: false; fileName: string; reason: NotFiledReason; detail: string };

/** A file an import filed: the row the console shows, and where the verified copy is kept. */
export interface FiledRecord extends Omit<FiledObject, 'integrityNote' | 'signatures'> {
  /** Verified with a weaker hash than SHA-256 (absent on rows before issue 34). */
  integrityNote?: string | null;
  /** The file's SIGNATUREs as the package stated them (absent on rows that kept none before). */
  signatures?: ImportedSignature[];
  importId: string;
  studyId: string;
  objectKey: string;
  filedAt: string;
}

/** An object not filed (one row per object since issue 34; earlier rows were per file). */
export interface NotFiledRecord {
  seq: number;
  objectId: string;
  /** Its first file not filed for its own reason (or its first file). */
  fileName: string;
  artifactNumber: string;
  reason: NotFiledReason;
  detail: string;
  /** Each of its files' outcome (absent on rows before issue 34). */
  files?: {
    fileName: string;
    outcome: FileOutcome;
    detail: string | null;
    integrityNote: string | null;
  }[];
}

/**
 * An object whose filing is uncertain: what the console shows, and what filing it later needs
 * (its files' stages, by position; the object's values every filed row carries).
 */
export interface ConflictRecord extends ImportConflict {
  /** The object's position in the inventory (its files' stage keys). */
  object: number;
  /** The values of its filed rows other than the artifact and the file's own. */
  filing: Omit<
    FiledObject,
    | 'seq'
    | 'artifactNumber'
    | 'artifactName'
    | 'fileName'
    | 'contentType'
    | 'size'
    | 'sha256'
    | 'integrity'
    | 'integrityNote'
    | 'signatures'
  > & {
    /**
     * Each file's SIGNATUREs, by its position in the object: the one value of a file's own the
     * inventory states beside its name and hash (absent on conflicts kept before they were).
     */
    fileSignatures?: ImportedSignature[][];
  };
  /** Its files as verified: each one's stage is importStageKeyOf(importId, {object, file}). */
  checks: Extract<FileCheck, { ok: true }>[];
  /** The claim each file makes on the study once filed. */
  claims: string[];
}

/** What filed a file into a study first. */
export interface ImportClaim {
  importId: string;
  seq: number;
}

/** A filed file's row and the claim it makes on the study. */
export interface FiledWithClaim {
  row: FiledRecord;
  claim: string;
}

/**
 * A step's outcome, written with the import's progress in one transaction: an object's files
 * filed together (all or none), an object not filed, a conflict, or a conflict resolved (its
 * row replaced, and its files filed when it is filed).
 */
export type ImportStepRow =
  | { kind: 'filed'; rows: FiledWithClaim[] }
  | { kind: 'not-filed'; row: NotFiledRecord }
  | { kind: 'conflict'; row: ConflictRecord }
  | { kind: 'resolved'; row: ConflictRecord; rows: FiledWithClaim[] }
  | { kind: 'none' };

/** The imports (the documents table). */
export interface ImportStore {
  getImport(importId: string): Promise<ImportRecord | null>;
  /** Creates the import and its place in the study's list. */
  createImport(record: ImportRecord): Promise<void>;
  /**
   * Writes `next` (its revision one above `expectedRevision`) with the step's rows, if the import
   * is still at `expectedRevision` and, for filed files, the study holds none of them yet:
   * `written`, `moved` (someone changed the import meanwhile) or `claimed` (the study holds one of
   * the files already; nothing was written). A resolved conflict is written only while it is
   * still open (`moved` otherwise).
   */
  step(
    next: ImportRecord,
    expectedRevision: number,
    row: ImportStepRow,
  ): Promise<'written' | 'moved' | 'claimed'>;
  /** The import and row that filed this file into the study, if one did. */
  claimOf(studyId: string, claim: string): Promise<ImportClaim | null>;
  /** A study's imports, newest first. */
  studyImports(studyId: string, limit: number): Promise<ImportRecord[]>;
  /** An import's filed files after `afterSeq`, in order. */
  filedPage(
    importId: string,
    afterSeq: number,
    limit: number,
  ): Promise<{ rows: FiledRecord[]; hasMore: boolean }>;
  getFiled(importId: string, seq: number): Promise<FiledRecord | null>;
  /** The first `limit` objects an import could not file, in order. */
  notFiledRows(importId: string, limit: number): Promise<NotFiledRecord[]>;
  /** The first `limit` conflicts of an import, in order. */
  conflictRows(importId: string, limit: number): Promise<ConflictRecord[]>;
  getConflict(importId: string, seq: number): Promise<ConflictRecord | null>;
  /**
   * The files of an object filed by an import that are not yet documents of the study (issue 34
   * item 5): written with the object's rows in its step, each file taken off once it joined
   * (`joined`), the marker gone with the last. Null when none of the object waits.
   */
  joinOf(importId: string, object: number): Promise<JoinMarker | null>;
  /** The file at `at` joined the study: taken off its object's marker (gone with the last). */
  joined(importId: string, at: InventoryPosition): Promise<void>;
  /** Objects with files still to join, at most `limit` (the documents job's sweep). */
  pendingJoins(limit: number): Promise<JoinMarker[]>;
}

/**
 * The files of a filed object still to become documents of the study (written in the object's
 * step, so nothing filed is ever forgotten): by position in the object, with each one's row.
 */
export interface JoinMarker {
  importId: string;
  studyId: string;
  object: number;
  filedAt: string;
  files: { file: number; seq: number }[];
}

/** The marker of a step's filed rows (all of one object): null when the step files none. */
export const joinMarkerOf = (
  next: ImportRecord,
  rows: readonly FiledWithClaim[],
): JoinMarker | null => {
  const files = rows.flatMap(({ row }) => {
    const at = importedKeyPosition(row.objectKey);
    return at === null ? [] : [{ object: at.object, file: at.file, seq: row.seq }];
  });
  const [first] = files;
  if (first === undefined) return null;
  return {
    importId: next.importId,
    studyId: next.studyId,
    object: first.object,
    filedAt: rows[0]?.row.filedAt ?? '',
    files: files.map(({ file, seq }) => ({ file, seq })),
  };
};

/** A file of the inventory by its place: the object's position, the file's within it. */
export interface InventoryPosition {
  object: number;
  file: number;
}

/**
 * Where an import keeps a file it verified (records are never deleted): one key per file of the
 * inventory, so no later file ever writes a version over it.
 */
export const importedFileKeyOf = (
  studyId: string,
  importId: string,
  at: InventoryPosition,
): string => `records/${studyId}/imports/${importId}/${String(at.object)}-${String(at.file)}`;

/** The import and position an importedFileKeyOf key names; null for any other key. */
export const importedKeyPosition = (
  objectKey: string,
): ({ studyId: string; importId: string } & InventoryPosition) | null => {
  const match = /^records\/([^/]+)\/imports\/([^/]+)\/(\d+)-(\d+)$/.exec(objectKey);
  if (match === null) return null;
  const [, studyId = '', importId = '', object = '', file = ''] = match;
  return { studyId, importId, object: Number(object), file: Number(file) };
};

/**
 * Where a file is staged while it is verified: with the uploads (incoming/, which expires), so
 * nothing unverified is ever written under records/.
 */
export const importStageKeyOf = (importId: string, at: InventoryPosition): string =>
  `incoming/imports/${importId}/${String(at.object)}-${String(at.file)}`;

/** Where the package is uploaded: with the senders' uploads, which expire after 7 days. */
export const importUploadKeyOf = (importId: string): string => `incoming/imports/${importId}.zip`;
