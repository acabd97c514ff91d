import { randomBytes } from 'node:crypto';
import type { routes } from '@ccsc/contract/routes';
import {
  CONFLICTS_LISTED,
  NOT_FILED_LISTED,
  type ImportConflict,
  type ImportDetail,
  type ImportSummary,
} from '@ccsc/contract/documents';
import { reachOf } from '@ccsc/contract/reach';
import { NotFoundError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type ConflictRecord,
  type FiledRecord,
  type ImportRecord,
  type ImportStore,
} from '../core/ports/document-imports';
import type { DocumentFiles } from '../core/ports/documents';
import type { Registry } from '../core/ports/registry';
import { auditEntry, placesOf } from '../core/audit-entry';
import type { AuditEntry } from '../core/ports/audit-trail';
import { onSponsorSide as sponsorSide } from './document-views';

/** What every step of the eTMF-EMS import (import-etmf.core.ts) shares: its deps, limits, views. */

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

export type Routes = typeof routes;

/**
 * One call starts no file after this long, then answers (API Gateway ends a call at 29 s; the
 * last file, at most 100 MB, is read twice and written twice after it).
 */
export const STEP_BUDGET_MS = 12_000;
/** The longest value (or tag, or comment) an inventory may have: every one is kept somewhere. */
export const MAX_VALUE = 4096;
/** The largest exchange.xml read (it is read again by every call of the import). */
export const MAX_INVENTORY_BYTES = 64 * 1024 * 1024;
/** What the import keeps of the inventory's problems. */
export const PROBLEMS_KEPT = 100;

/** A text cut to `max` characters (an ellipsis says so). */
export const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;
/** A call that died keeps others off the import this long past its budget. */
export const LEASE_SLACK_MS = 60_000;
export const UPLOAD_SECONDS = 15 * 60;
/** The newest imports a study lists. */
export const LISTED_IMPORTS = 100;
export const FILED_PAGE = 100;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const newImportId = (deps: Pick<ImportDeps, 'newId'>): string => {
  if (deps.newId !== undefined) return `imp-${deps.newId()}`;
  let out = '';
  for (const byte of randomBytes(26)) out += ALPHABET[byte & 31] ?? '0';
  return `imp-${out}`;
};

export const studyTarget = (study: { studyId: string; protocolNumber: string }) => ({
  type: 'study' as const,
  id: study.studyId,
  label: study.protocolNumber,
});

/**
 * The audit records of an import's step, one in each trail it concerns: the study's sponsor's and
 * its CRO's (the importer is one of them, or a PlatformAdmin).
 */
export const importAudit = (
  ctx: RequestContext<Caller>,
  record: ImportRecord,
  fact: Parameters<typeof auditEntry>[1],
): AuditEntry[] => {
  // One record, in the sponsor's trail and the CRO's (issue 37).
  const places = placesOf([record.sponsorOrganisationId, record.croOrganisationId]);
  return [{ ...auditEntry(ctx, fact, places.organisationId ?? null), ...places }];
};

/** The import, if the caller may see it (else 404, as for an import that does not exist). */
export const visibleImport = async (
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

export const summaryOf = (r: ImportRecord): ImportSummary => ({
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
  conflicts: r.conflicts ?? 0,
  conflictFiles: r.conflictFiles ?? 0,
});

export const detailOf = async (
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
          files: n.files ?? [],
        })),
  conflictList:
    (r.conflictRows ?? 0) === 0
      ? []
      : (await deps.imports.conflictRows(r.importId, CONFLICTS_LISTED)).map(publicConflict),
});

/** A conflict as the console shows it (without what filing it needs). */
export const publicConflict = (c: ConflictRecord): ImportConflict => ({
  seq: c.seq,
  objectId: c.objectId,
  artifactNumber: c.artifactNumber,
  uniqueId: c.uniqueId,
  tmfRmVersion: c.tmfRmVersion,
  statedName: c.statedName,
  title: c.title,
  level: c.level,
  siteNumber: c.siteNumber,
  why: c.why,
  candidates: c.candidates,
  files: c.files,
  state: c.state,
  resolvedBy: c.resolvedBy,
  resolvedAt: c.resolvedAt,
  filedAs: c.filedAs,
});

export const publicFiled = (f: FiledRecord) => ({
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
  integrityNote: f.integrityNote ?? null,
  signatures: f.signatures ?? [],
});
