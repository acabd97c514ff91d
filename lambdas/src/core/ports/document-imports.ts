import type {
  FiledObject,
  ImportDetail,
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
  /** The next object and file (by position in the inventory) to file. */
  next: { object: number; file: number };
  /** A step in progress holds the import until then (ISO time); null when none does. */
  leaseUntil: string | null;
}

/** A file an import filed: the row the console shows, and where the verified copy is kept. */
export interface FiledRecord extends FiledObject {
  importId: string;
  studyId: string;
  objectKey: string;
  filedAt: string;
}

export interface NotFiledRecord {
  seq: number;
  objectId: string;
  fileName: string;
  artifactNumber: string;
  reason: NotFiledReason;
  detail: string;
}

/** What filed a file into a study first. */
export interface ImportClaim {
  importId: string;
  seq: number;
}

/** A step's outcome, written with the import's progress in one transaction. */
export type ImportStepRow =
  | { kind: 'filed'; row: FiledRecord; claim: string }
  | { kind: 'not-filed'; row: NotFiledRecord }
  | { kind: 'none' };

/** The imports (the documents table). */
export interface ImportStore {
  getImport(importId: string): Promise<ImportRecord | null>;
  /** Creates the import and its place in the study's list. */
  createImport(record: ImportRecord): Promise<void>;
  /**
   * Writes `next` (its revision one above `expectedRevision`) with the step's row, if the import
   * is still at `expectedRevision` and, for a filed file, the study does not hold it yet:
   * `written`, `moved` (someone changed the import meanwhile) or `claimed` (the study holds the
   * file already; nothing was written).
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
  /** The first `limit` files an import could not file, in order. */
  notFiledRows(importId: string, limit: number): Promise<NotFiledRecord[]>;
}

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

/**
 * Where a file is staged while it is verified: with the uploads (incoming/, which expires), so
 * nothing unverified is ever written under records/.
 */
export const importStageKeyOf = (importId: string, at: InventoryPosition): string =>
  `incoming/imports/${importId}/${String(at.object)}-${String(at.file)}`;

/** Where the package is uploaded: with the senders' uploads, which expire after 7 days. */
export const importUploadKeyOf = (importId: string): string => `incoming/imports/${importId}.zip`;
