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
  /** The registry, the user index, the write journal, API credentials, standards, one-time links. */
  main: {
    suffix: 'main',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * The append-only audit trail: no code path updates or deletes a record. Its sparse indexes
   * list the records of one view (AUDIT_VIEWS in @ccsc/contract/audit) newest first, by `gAt`
   * (`<at>#<zero-padded seq>`), for the whole hub or one organisation (adapters/audit-chain.ts).
   */
  audit: {
    suffix: 'audit',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'security', partitionKey: 'gSec', sortKey: 'gAt' },
      { name: 'securityByOrg', partitionKey: 'gSecOrg', sortKey: 'gAt' },
      { name: 'changes', partitionKey: 'gChg', sortKey: 'gAt' },
      { name: 'changesByOrg', partitionKey: 'gChgOrg', sortKey: 'gAt' },
    ],
  },
  /**
   * The documents exchanged between systems (issue 17), their idempotency keys, the systems'
   * inboxes and the counters the dashboard reads (issue 18). Each index lists documents newest first (`gSent`: sent time + id) for one way the
   * console looks at them; see DOCUMENT_INDEXES.
   */
  documents: {
    suffix: 'documents',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'byHub', partitionKey: 'gHub', sortKey: 'gSent' },
      { name: 'bySite', partitionKey: 'gSite', sortKey: 'gSent' },
      { name: 'bySponsor', partitionKey: 'gSponsor', sortKey: 'gSent' },
      { name: 'byCro', partitionKey: 'gCro', sortKey: 'gSent' },
      { name: 'byStudy', partitionKey: 'gStudy', sortKey: 'gSent' },
      { name: 'byConnection', partitionKey: 'gConnection', sortKey: 'gSent' },
      { name: 'held', partitionKey: 'gHeld', sortKey: 'gSent' },
    ],
  },
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

// ---- The registry (issue 14): organisations, systems, studies, connections ----

/**
 * The registry in the main table (adapters/dynamodb-registry.ts; the model in
 * @ccsc/contract/organisations, the port in ports/registry.ts):
 *
 * - Records: `REGISTRY#<TYPE>#<shard>` / `<id>`, the record's fields beside the keys (and `type`).
 *   Each type is spread over REGISTRY_SHARDS partitions (by a hash of the id), so a reader that
 *   loads the whole registry queries them side by side instead of one long partition page by page.
 * - The version: `REGISTRY#VERSION` / `VERSION` (`version`, a number). Every commit is one
 *   TransactWriteItems that raises it, on the condition that it still is the version read just
 *   before, so commits follow one another, each at its own version.
 * - The change log: `REGISTRY#CHANGES` / the zero-padded version, written in the same
 *   transaction: the records put (or, for a change too large for one item, their keys) and the
 *   records removed. Kept a day (TTL). A reader's copy catches up from it.
 * - Claims on unique values: `REGISTRY#CLAIM` / `<key>` (the write that made it), put only if absent.
 * - Uses: `REGISTRY#USE` / `<type>#<id>`, `open` counted up and down (ADD) as connections open
 *   and close; the `unused` guards read it.
 * - Imports staged before they are made: `REGISTRY#IMPORT#<importId>` / the zero-padded part,
 *   kept a day (TTL), so the write journal's entry names the import and not its rows.
 */
export const REGISTRY_SHARDS = 4;
export const REGISTRY_PARTITIONS = {
  organisation: 'REGISTRY#ORG',
  system: 'REGISTRY#SYSTEM',
  study: 'REGISTRY#STUDY',
  connection: 'REGISTRY#CONNECTION',
  standard: 'REGISTRY#STANDARD',
} as const;
export type RegistryPartitionType = keyof typeof REGISTRY_PARTITIONS;

/** FNV-1a: the same small hash everywhere, so a record is always looked up in its shard. */
const shardOf = (id: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % REGISTRY_SHARDS;
};

export const registryPartition = (type: RegistryPartitionType, shard: number): string =>
  `${REGISTRY_PARTITIONS[type]}#${String(shard)}`;
export const registryRecordKey = (type: RegistryPartitionType, id: string) => ({
  pk: registryPartition(type, shardOf(id)),
  sk: id,
});
export const REGISTRY_VERSION_KEY = { pk: 'REGISTRY#VERSION', sk: 'VERSION' } as const;
export const REGISTRY_CHANGES_PK = 'REGISTRY#CHANGES';
export const registryChangeKey = (version: number) => ({
  pk: REGISTRY_CHANGES_PK,
  sk: String(version).padStart(12, '0'),
});
export const registryClaimKey = (key: string) => ({ pk: 'REGISTRY#CLAIM', sk: key });
export const registryUseKey = (key: string) => ({ pk: 'REGISTRY#USE', sk: key });
export const registryImportPartKey = (importId: string, part: number) => ({
  pk: `REGISTRY#IMPORT#${importId}`,
  sk: String(part).padStart(6, '0'),
});

// ---- The audit trail's last verification (issue 18) ----

/** The last walk of the whole audit chain, in the main table (ports/chain-verifications.ts). */
export const AUDIT_VERIFICATION_KEY = { pk: 'AUDIT#VERIFICATION', sk: 'LAST' } as const;

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
/**
 * When the user's invitation was last sent (ports/invitations.ts; issue 18): beside the account
 * lock (`USER#<userName>` / `ACCOUNT_LOCK`), read with it when the user's row is brought into step.
 */
export const invitationKey = (userName: string) => ({ pk: `USER#${userName}`, sk: 'INVITATION' });

// ---- The write journal (issue 12): multi-step writes recorded before their first step ----

/** Every write in progress shares one partition (read whole by the reconciler), keyed by subject. */
export const JOURNAL_PK = 'JOURNAL';
export const journalKey = (subject: string) => ({ pk: JOURNAL_PK, sk: subject });
/**
 * The mail outbox (core/outbox.ts, issue 32): one item per message a journaled write queued,
 * removed once sent. A message leaves only after the record it speaks of exists.
 */
export const OUTBOX_PK = 'OUTBOX';
export const outboxKey = (id: string) => ({ pk: OUTBOX_PK, sk: id });

/** Named leases (e.g. the one that keeps the last PlatformAdmin). */
export const LEASE_PK = 'LEASE';
export const leaseKey = (name: string) => ({ pk: LEASE_PK, sk: name });

// ---- API credentials (issue 15; adapters/dynamodb-credentials.ts) ----

/**
 * Every credential in one partition (the list reads it whole; a few thousand at most), keyed by
 * its apiId: metadata only, never a secret; a link's token only as its hash.
 */
export const CREDENTIAL_PK = 'CREDENTIAL';
export const credentialKey = (apiId: string) => ({ pk: CREDENTIAL_PK, sk: apiId });
/** A credential's last use, apart from the record so a use never races an administrator's change. */
export const CREDENTIAL_USED_PK = 'CREDENTIAL#USED';
export const credentialUsedKey = (apiId: string) => ({ pk: CREDENTIAL_USED_PK, sk: apiId });
/** The partner API's lookup: Cognito app client id → the credential's apiId (written once). */
export const credentialClientKey = (clientId: string) => ({
  pk: 'CREDENTIAL#CLIENT',
  sk: clientId,
});

// ---- Documents (issue 17; adapters/dynamodb-documents.ts) ----

/**
 * The documents table:
 * - a document: `DOC#<documentId>` / `DOC`, its fields beside the keys and `revision` (every
 *   change is conditional on the revision it was made from). Its index keys: `gHub` (`ALL`),
 *   `gSite`, `gSponsor`, `gCro` (the organisations, the CRO's only when the study has one),
 *   `gStudy`, `gConnection`, and `gHeld` (`HELD`, only while held or awaiting its malware scan:
 *   the hub's to move on, the release's and the scan sweep's list): each index is one way the
 *   console lists documents, newest first by `gSent` (`<sentAt>#<documentId>`).
 * - an idempotency key: `IDEM#<senderSystemId>` / the key → the document it made, put only if
 *   absent in the same transaction as the document, so a retried send never makes a second one.
 * - an inbox: `INBOX#<receiverSystemId>` / the zero-padded sequence → the document delivered
 *   there, and its head `INBOXHEAD#<systemId>` / `HEAD` (`seq`, the last). A delivery raises the
 *   head on the condition that it is still the value read and writes the entry in the same
 *   transaction, so entries appear in sequence order: a reader that saw entry n has seen every
 *   entry before it, and a `since` cursor never skips one.
 * - the counters: per study and artifact (`ARTCOUNT#`, artifactCountKey) and per scope, day and
 *   hold reason (`DOCSTATS#`, documentStatsDayKey), each moved in the transaction of the change
 *   it counts; see below.
 */
export const DOCUMENT_INDEXES = {
  hub: { index: 'byHub', attribute: 'gHub' },
  site: { index: 'bySite', attribute: 'gSite' },
  sponsor: { index: 'bySponsor', attribute: 'gSponsor' },
  cro: { index: 'byCro', attribute: 'gCro' },
  study: { index: 'byStudy', attribute: 'gStudy' },
  connection: { index: 'byConnection', attribute: 'gConnection' },
  held: { index: 'held', attribute: 'gHeld' },
} as const;
export type DocumentIndexName = keyof typeof DOCUMENT_INDEXES;
export const DOCUMENT_HUB_KEY = 'ALL';
export const DOCUMENT_HELD_KEY = 'HELD';
export const documentKey = (documentId: string) => ({ pk: `DOC#${documentId}`, sk: 'DOC' });
export const documentSentKey = (sentAt: string, documentId: string) => `${sentAt}#${documentId}`;
export const idempotencyKey = (senderSystemId: string, key: string) => ({
  pk: `IDEM#${senderSystemId}`,
  sk: key,
});
export const inboxEntryKey = (systemId: string, seq: number) => ({
  pk: `INBOX#${systemId}`,
  sk: String(seq).padStart(12, '0'),
});
export const inboxHeadKey = (systemId: string) => ({ pk: `INBOXHEAD#${systemId}`, sk: 'HEAD' });
/*
 * Expected documents and document requests (issue 35) live in the documents table too
 * (adapters/dynamodb-document-requests.ts): `EXPECTED#<studyId>` / `LIST` (a study's list, one
 * item) and `REQUESTS#<studyId>` / `<requestId>` (one item per request; a study's requests are one
 * query). Their states are computed when read (documents/request-states.ts).
 */
/**
 * How many documents were delivered per study, artifact and connection: `ARTCOUNT#<studyId>` /
 * `<artifactNumber>#<connectionId>` (`count`, ADDed by the delivery's transaction), so the
 * study's completeness is one query of its counters, never a scan of its documents.
 */
export const artifactCountKey = (
  studyId: string,
  artifactNumber: string,
  connectionId: string,
) => ({
  pk: `ARTCOUNT#${studyId}`,
  sk: `${artifactNumber}#${connectionId}`,
});
export const ARTIFACT_COUNT_PREFIX = 'ARTCOUNT#';
/**
 * What the dashboard and the document list's `total` read instead of counting documents
 * (ports/documents.ts `documentCounts`; issue 18), for each scope a document counts in (`ALL`,
 * the hub's; `site#<org>`, `sponsor#<org>`, `cro#<org>`, each organisation in its role on the
 * document, exactly what that organisation's list shows it), each spread over
 * DOCUMENT_STATS_SHARDS partitions by a hash of the document's id (so no counter takes every
 * send; a document always counts in the same shard):
 * - `DOCSTATS#<scope>#<shard>` / `<YYYY-MM-DD>` (the UTC day the document was sent): `sent_<direction>`,
 *   and for the documents sent that day and delivered since, `delivered_<direction>` and one
 *   delivery-time bucket `t<nn>` (DELIVERY_TIME_BOUNDS_SECONDS in @ccsc/contract/documents);
 * - `DOCSTATS#<scope>#<shard>` / `HELD`: `held_<holdReason>`, the documents held now for it.
 * Every number is ADDed in the same transaction as the document's change it counts (its
 * creation, its delivery, a hold or its end, a change of reason), so the counters never disagree
 * with the documents.
 */
export const DOCUMENT_STATS_SHARDS = REGISTRY_SHARDS;
export const DOCUMENT_STATS_PREFIX = 'DOCSTATS#';
/** The shard a document counts in: the registry's hash of its id. */
export const documentStatsShard = (documentId: string): number => shardOf(documentId);
export const documentStatsPartition = (scope: string, shard: number): string =>
  `${DOCUMENT_STATS_PREFIX}${scope}#${String(shard)}`;
export const documentStatsDayKey = (scope: string, shard: number, day: string) => ({
  pk: documentStatsPartition(scope, shard),
  sk: day,
});
export const DOCUMENT_STATS_HELD_SK = 'HELD';
export const documentStatsHeldKey = (scope: string, shard: number) => ({
  pk: documentStatsPartition(scope, shard),
  sk: DOCUMENT_STATS_HELD_SK,
});

/**
 * eTMF-EMS imports (issue 17; adapters/dynamodb-document-imports.ts), in the documents table:
 * - an import: `IMPORT#<importId>` / `IMPORT`, rewritten whole on the revision it was made from;
 * - what it filed, what it could not and what a person decides: `IMPORT#<importId>` /
 *   `FILED#<seq>` (a file), `NOTFILED#<seq>` (an object) and `CONFLICT#<seq>` (an object whose
 *   filing is uncertain; rewritten once when resolved, only while open), zero-padded, each put in
 *   the same transaction as the import's progress (an object's files together), so the counts
 *   and the rows never disagree and a run that stops goes on where the import says it stopped;
 * - a study's imports: `STUDYIMPORTS#<studyId>` / `<startedAt>#<importId>`, put with the import;
 * - what a study holds already: `IMPORTED#<studyId>` / a SHA-256 of (transfer source, object id,
 *   version, the file's hash) → the import and row that filed it, put only if absent in the
 *   filing transaction, so nothing is filed twice into a study, whatever package brings it again.
 * A filed file ADDs `imported` to the study's ARTCOUNT counter of its artifact and connection
 * ('' for trial and country level), beside the deliveries' `count`.
 */
export const importKey = (importId: string) => ({ pk: `IMPORT#${importId}`, sk: 'IMPORT' });
export const importRowKey = (
  importId: string,
  kind: 'FILED' | 'NOTFILED' | 'CONFLICT',
  seq: number,
) => ({
  pk: `IMPORT#${importId}`,
  sk: `${kind}#${String(seq).padStart(9, '0')}`,
});
export const studyImportKey = (studyId: string, startedAt: string, importId: string) => ({
  pk: `STUDYIMPORTS#${studyId}`,
  sk: `${startedAt}#${importId}`,
});
/**
 * A filed object's files still to become documents of the study (issue 34 item 5):
 * `IMPORTJOIN` / `<importId>#<object>`, put in the object's step, each file REMOVEd from its
 * `files` map once it joined, the item deleted with the last; the documents job's sweep reads the
 * partition (only what waits is in it).
 */
export const JOIN_MARKERS_PK = 'IMPORTJOIN';
export const joinMarkerKey = (importId: string, object: number) => ({
  pk: JOIN_MARKERS_PK,
  sk: `${importId}#${String(object).padStart(9, '0')}`,
});
export const importedClaimKey = (studyId: string, claim: string) => ({
  pk: `IMPORTED#${studyId}`,
  sk: claim,
});

// ---- Events and notifications (issue 35; adapters/dynamodb-events.ts, -notifications.ts) ----

/**
 * An organisation's events: `EVENT#<organisationId>` / the sequence zero-padded, so the partner
 * feed's page after a cursor is one Query (`sk > pad(since)`, in order, `Limit`); the
 * organisation's next sequence in `#SEQ` (sorts before every event); a write's event key in
 * `~KEY#<key>` (after every event), put with the event in one transaction: once.
 */
export const EVENT_SEQUENCE_DIGITS = 15;
export const eventPk = (organisationId: string) => `EVENT#${organisationId}`;
export const eventSk = (sequence: number) => String(sequence).padStart(EVENT_SEQUENCE_DIGITS, '0');
export const eventSequenceKey = (organisationId: string) => ({
  pk: eventPk(organisationId),
  sk: '#SEQ',
});
export const eventWriteKey = (organisationId: string, key: string) => ({
  pk: eventPk(organisationId),
  sk: `~KEY#${key}`,
});
/** Events waiting for their fan-out (written with the event, deleted once fanned out). */
export const EVENT_FANOUT_PK = 'EVENTFANOUT';
export const eventFanOutKey = (at: string, eventId: string) => ({
  pk: EVENT_FANOUT_PK,
  sk: `${at}#${eventId}`,
});
/**
 * A user's notifications: `NOTIF#<userName>` / `N#<at>#<eventId>` (newest first by a backwards
 * Query); the unread count and the read-all mark in `#STATE`, the preferences in `#PREFS`.
 */
export const notificationPk = (userName: string) => `NOTIF#${userName}`;
export const notificationSk = (at: string, eventId: string) => `N#${at}#${eventId}`;
export const notificationStateKey = (userName: string) => ({
  pk: notificationPk(userName),
  sk: '#STATE',
});
export const notificationPrefsKey = (userName: string) => ({
  pk: notificationPk(userName),
  sk: '#PREFS',
});
/** Notifications waiting for the daily digest: `NOTIFDIGEST` / `<userName>#<at>#<eventId>`. */
export const NOTIFICATION_DIGEST_PK = 'NOTIFDIGEST';
export const notificationDigestKey = (userName: string, at: string, eventId: string) => ({
  pk: NOTIFICATION_DIGEST_PK,
  sk: `${userName}#${at}#${eventId}`,
});

// ---- Webhooks (issue 36; adapters/dynamodb-webhooks.ts) ----

/** Every endpoint: `WEBHOOK` / endpointId (a few per system: read whole for the fan-out). */
export const WEBHOOK_PK = 'WEBHOOK';
export const webhookKey = (endpointId: string) => ({ pk: WEBHOOK_PK, sk: endpointId });
/** An endpoint's deliveries: `WEBHOOKMSG#<endpointId>` / deliveryId (time-ordered by event). */
export const WEBHOOK_DELIVERY_PK_PREFIX = 'WEBHOOKMSG#';
export const webhookDeliveryKey = (endpointId: string, deliveryId: string) => ({
  pk: `${WEBHOOK_DELIVERY_PK_PREFIX}${endpointId}`,
  sk: deliveryId,
});
/** Deliveries due: `WEBHOOKDUE` / `<nextAttemptAt>#<deliveryId>`, moved with each attempt. */
export const WEBHOOK_DUE_PK = 'WEBHOOKDUE';
export const webhookDueKey = (at: string, deliveryId: string) => ({
  pk: WEBHOOK_DUE_PK,
  sk: `${at}#${deliveryId}`,
});
/**
 * An endpoint's attempt slots in AWS (the queue's consumers share them, webhook-queued.ts):
 * `WEBHOOKSLOT#<endpointId>` / slot number, held by one attempt until a time (TTL clears them).
 */
export const WEBHOOK_SLOT_PK_PREFIX = 'WEBHOOKSLOT#';
export const webhookSlotKey = (endpointId: string, slot: number) => ({
  pk: `${WEBHOOK_SLOT_PK_PREFIX}${endpointId}`,
  sk: String(slot),
});
