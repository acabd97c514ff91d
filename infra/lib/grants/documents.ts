import { AUDIT_APPEND } from './audit';
import type { PermissionGrant } from './grant';
import { JOURNAL_ENTRY } from './journal';
import { REGISTRY_READ } from './registry';
import { STANDARD_ROWS_READ } from './standards';

/** Where a completion keeps what it verified (lambdas' recordKeyOf): what GuardDuty scans. */
export const DOCUMENT_RECORDS_PREFIX = 'records/';

/**
 * The document exchange (issue 17). HeadObject needs ListBucket to answer "not there" (404)
 * rather than 403; no function may delete a document: only a recall's removes a key, as a delete
 * marker over versions kept (DOCUMENT_RECALL_MOVE).
 */
export const DOCUMENT_READ: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
};
/**
 * The documents' counters alone (data-model.ts `DOCSTATS#<scope>#<shard>`; issue 18): a day
 * range of a scope's shards (Query) and their held counts (BatchGetItem), never a document. What
 * a reader of the figures needs that reads no document (the dashboard); s3documents/list reads
 * them under DOCUMENT_READ, beside the documents.
 */
export const DOCUMENT_COUNTS_READ: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:Query', 'dynamodb:BatchGetItem'],
  partitions: ['DOCSTATS#*'],
};
/**
 * A document's record and its keys; in the same transaction, ADD to its counters (`DOCSTATS#*`,
 * UpdateItem: a send, a hold, its end, a delivery) and, in a delivery's, to its study's
 * (`ARTCOUNT#*`). Not narrowed by partition: a document's own partition is its id.
 */
export const DOCUMENT_WRITE: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
};
/**
 * Safety-letter distributions (issue 35 part D; lambdas' adapters/dynamodb-distributions.ts): the
 * record (`DIST#<id>`, a conditional put), its entries in each list (`DISTLIST#<list>`, batched)
 * and in the open list (`DISTOPEN`, deleted once every site acknowledged). Read with
 * DOCUMENT_READ.
 */
export const DISTRIBUTION_WRITE: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem'],
  partitions: ['DIST#*', 'DISTLIST#*', 'DISTOPEN'],
};
export const DOCUMENT_UPLOAD_SIGN: PermissionGrant = {
  on: 'documentUploads',
  actions: ['s3:PutObject'],
};
/** An eTMF import's files, each staged under incoming/ while it is verified (multipart). */
export const DOCUMENT_STAGE: PermissionGrant = {
  on: 'documentUploads',
  actions: ['s3:PutObject', 's3:AbortMultipartUpload'],
};
/**
 * What arrived copied through a hash into records/ (HeadObject needs ListBucket, above), and the
 * kept copy's leading (and an Office file's trailing) bytes read back by ranged GETs for the
 * content check (issue 34, lambdas/src/documents/content-check.ts): what the file really is.
 */
export const DOCUMENT_KEEP: readonly PermissionGrant[] = [
  { on: 'documentsBucket', actions: ['s3:ListBucket'] },
  { on: 'documentUploads', actions: ['s3:GetObject'] },
  {
    on: 'documentRecords',
    actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
  },
];
/**
 * The malware scan's verdict read from a kept file's tag (`GuardDutyMalwareScanStatus`): the
 * documents job's sweep of documents awaiting a scan too long (issue 34).
 */
export const DOCUMENT_SCAN_STATUS: PermissionGrant = {
  on: 'documentRecords',
  actions: ['s3:GetObjectTagging'],
};
export const DOCUMENT_DOWNLOAD_SIGN: PermissionGrant = {
  on: 'documentRecords',
  actions: ['s3:GetObject'],
};

/**
 * Classifying documents again and delivering them (a release, a retry), audited: each a
 * journaled write (its entry; the audit record looked for after an interruption: Query).
 */
export const HELD_RELEASE: readonly PermissionGrant[] = [
  REGISTRY_READ,
  STANDARD_ROWS_READ,
  DOCUMENT_READ,
  DOCUMENT_WRITE,
  AUDIT_APPEND,
  JOURNAL_ENTRY,
];

/**
 * A retry of a document held for its scan (issue 34; lambdas' documents/document-writes.ts
 * `rescan`): its kept file copied, through its hash, to a new records key — a new object is what
 * GuardDuty scans — in one PutObject or a multipart upload (aborted on failure).
 */
export const DOCUMENT_RESCAN: PermissionGrant = {
  on: 'documentRecords',
  actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
};

/**
 * A recall (issue 35; lambdas' documents/document-returns.ts `move`, `unlink`): the kept file
 * copied, through its hash, to a new records key, and the old key deleted, so the download links
 * handed out for it stop working at once. The bucket is versioned: a DeleteObject without a
 * version id only adds a delete marker, every version stays (records are kept); no function is
 * granted s3:DeleteObjectVersion, which alone would remove one. Only the returns' functions and
 * the job that finishes a return cut short hold it.
 */
export const DOCUMENT_RECALL_MOVE: readonly PermissionGrant[] = [
  DOCUMENT_RESCAN,
  { on: 'documentRecords', actions: ['s3:DeleteObject'] },
];

/**
 * A file an eTMF-EMS import filed joins the study (issue 34 item 5; lambdas' documents/
 * import-join-run.ts): its object's join marker read (`IMPORTJOIN`, GetItem; the sweep's Query),
 * the file taken off it (UpdateItem) and the marker deleted with the last file (DeleteItem, that
 * partition only); the import and its row read; the import's copy's leading bytes read by ranged
 * GETs for the content check; the documents made, classified and delivered as a release does.
 */
export const IMPORT_JOIN: readonly PermissionGrant[] = [
  ...HELD_RELEASE,
  { on: 'documentsTable', actions: ['dynamodb:DeleteItem'], partitions: ['IMPORTJOIN'] },
  { on: 'documentRecords', actions: ['s3:GetObject'] },
];
