/**
 * What each operation's function may do, and on what: the IAM policy of every function is built
 * from this table and nothing else (plus its own log group and X-Ray). A test asserts that every
 * operation of the contract has a row. Operations that still run `not-implemented.ts` get only
 * what the router itself needs (the MFA gate): they validate and answer 501 without calling
 * anything else. A feature that needs a grant no name says yet adds its actions in this folder,
 * on the narrowest resource that works — never a `*` action — and its name in by-name.ts.
 */
export type ResourceKey =
  /** The user pool. */
  | 'userPool'
  /** The main table and its declared indexes. */
  | 'mainTable'
  /** The audit table; every function is additionally denied updates and deletes on it. */
  | 'auditTable'
  /** The audit table's declared indexes (its views, issue 18): read only. */
  | 'auditIndexes'
  /** The documents table (issue 17) and its indexes. */
  | 'documentsTable'
  /** The documents bucket itself (ListBucket), or its objects. */
  | 'documentsBucket'
  | 'documentsObjects'
  /** The senders' uploads in the documents bucket (`incoming/*`). */
  | 'documentUploads'
  /** The verified documents the hub keeps (`records/*`): written and read, never deleted. */
  | 'documentRecords'
  | 'artifactsBucket'
  | 'artifactsObjects'
  /** The mapping standards' rows in the artifacts bucket (`standards/*`), nothing else of it. */
  | 'standardRowsObjects'
  /** The CSV exports' objects: written in parts, read through the presigned link. */
  | 'exportsObjects'
  /** The SES sender identity and its configuration set. */
  | 'mailSender'
  /** The webhook deliveries' SQS queue (issue 36; made with the jobs, constructs/webhook-queue.ts). */
  | 'webhookQueue';

export interface PermissionGrant {
  readonly on: ResourceKey;
  readonly actions: readonly string[];
  /**
   * On a table: only the items whose partition key matches one of these (IAM's
   * `dynamodb:LeadingKeys`, `*` a wildcard), e.g. the registry's partitions and nothing else.
   */
  readonly partitions?: readonly string[];
}
