/**
 * The tables and buckets the Lambdas use, declared once for the CDK stack and the offline stack.
 * Every table is keyed by string `pk` + `sk`; secondary indexes follow the same pattern.
 */
export interface TableDefinition {
  readonly suffix: string;
  readonly partitionKey: 'pk';
  readonly sortKey: 'sk';
  readonly indexes: readonly { name: string; partitionKey: string; sortKey: string }[];
  /**
   * The attribute DynamoDB's TTL reads (epoch seconds) to clear expired records away. Cleanup
   * only: the code never trusts an expired record, TTL deletion can lag by days.
   */
  readonly timeToLiveAttribute?: string;
}

export const TABLES = {
  /** Organisations, systems, API credentials, standards, one-time links. */
  main: {
    suffix: 'main',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
    timeToLiveAttribute: 'expiresAt',
  },
  /** The append-only audit trail: no code path updates or deletes a record. */
  audit: { suffix: 'audit', partitionKey: 'pk', sortKey: 'sk', indexes: [] },
} as const satisfies Record<string, TableDefinition>;

export const BUCKETS = {
  documents: 'documents',
  artifacts: 'artifacts',
  /** CSV exports, downloaded through links that expire; the bucket deletes them after a day. */
  exports: 'exports',
} as const;

export const tableName = (environment: string, table: TableDefinition): string =>
  `ccsc-${environment}-${table.suffix}`;

export const bucketName = (environment: string, bucket: string, account = 'local'): string =>
  `ccsc-${environment}-${bucket}-${account}`;

// ---- Organisations (reference data; issue 5 reads them, a later issue manages them) ----

export type OrganisationKind = 'site' | 'sponsor';

export interface OrganisationRecord {
  organisationId: string;
  name: string;
  kind: OrganisationKind;
  /** ISO 3166-1 alpha-2, or null when not known. */
  country: string | null;
}

export interface OrgSystemRecord {
  systemId: string;
  organisationId: string;
  name: string;
  vendor: string | null;
}

/**
 * An organisation in the main table: its own partition (`ORG#<id>`, sk `PROFILE`, its systems
 * beside it as `SYSTEM#<id>`), listed per kind through gsi1 (`ORGS#<kind>`, by name).
 */
export const organisationItem = (org: OrganisationRecord) => ({
  pk: `ORG#${org.organisationId}`,
  sk: 'PROFILE',
  gsi1pk: `ORGS#${org.kind}`,
  gsi1sk: `${org.name.toLowerCase()}#${org.organisationId}`,
  ...org,
});

export const orgSystemItem = (system: OrgSystemRecord) => ({
  pk: `ORG#${system.organisationId}`,
  sk: `SYSTEM#${system.systemId}`,
  ...system,
});

export const organisationKey = (organisationId: string) => ({
  pk: `ORG#${organisationId}`,
  sk: 'PROFILE',
});
export const organisationsOfKind = (kind: OrganisationKind) => `ORGS#${kind}`;

// ---- The user index (issue 5): the user list's copy of the directory ----

/** Every row shares one partition (read whole by the list), listed by e-mail through gsi1. */
export const USER_INDEX_PK = 'USERINDEX';
export const userIndexKey = (userName: string) => ({ pk: USER_INDEX_PK, sk: `USER#${userName}` });
/** The index's version: raised after every change, so a reader knows whether its copy is current. */
export const USER_INDEX_VERSION_KEY = { pk: 'USERINDEX#VERSION', sk: 'VERSION' } as const;
/**
 * The index's change log: one record per raise of the version (sk the zero-padded version), with
 * the row as written or the username removed, so a reader's copy catches up on what changed
 * instead of re-reading every row. Kept a day (TTL).
 */
export const USER_INDEX_CHANGES_PK = 'USERINDEX#CHANGES';
export const userIndexChangeKey = (version: number) => ({
  pk: USER_INDEX_CHANGES_PK,
  sk: String(version).padStart(12, '0'),
});
export const userIndexByEmail = (email: string, userName: string) => ({
  gsi1pk: USER_INDEX_PK,
  gsi1sk: `${email}#${userName}`,
});

// ---- The write journal (issue 12): multi-step writes recorded before their first step ----

/** Every write in progress shares one partition (read whole by the reconciler), keyed by subject. */
export const JOURNAL_PK = 'JOURNAL';
export const journalKey = (subject: string) => ({ pk: JOURNAL_PK, sk: subject });
/** Named leases (e.g. the one that keeps the last PlatformAdmin). */
export const LEASE_PK = 'LEASE';
export const leaseKey = (name: string) => ({ pk: LEASE_PK, sk: name });
