import * as z from 'zod';
import {
  type Classification,
  DELIVERY_TIME_BUCKETS,
  DIRECTIONS,
  type Direction,
  type DocumentEvent,
  type DocumentState,
  deliveryBucketOf,
  HOLD_REASONS,
  type HoldReason,
  type QuarantineReason,
  type Recall,
  type Rejection,
  RETURN_STATES,
} from '@ccsc/contract/documents';
import type { DocumentVersionFields } from './document-versions';

/**
 * A document exchanged over a connection (issue 17; the model: @ccsc/contract/documents). The
 * record is the document's whole story: what the sender said of it, what arrived, how it was
 * classified, where it is, every hand-over and who downloaded it. Records are never deleted.
 */
export interface DocumentRecord extends DocumentVersionFields {
  documentId: string;
  /** Raised by every change; a change names the one it was made from. */
  revision: number;
  idempotencyKey: string;
  /** SHA-256 of what the sender asked for, so a reused key with another request is told apart. */
  requestHash: string;
  state: DocumentState;
  holdReason: HoldReason | null;
  holdDetail: string | null;
  /** Why it is quarantined (state `quarantined`); absent or null otherwise. */
  quarantineReason?: QuarantineReason | null;
  /** What the content check or the scan found, in words (the sender is told it). */
  quarantineDetail?: string | null;
  direction: Direction;
  connectionId: string;
  studyId: string;
  siteOrganisationId: string;
  sponsorOrganisationId: string;
  croOrganisationId: string | null;
  senderSystemId: string;
  senderOrganisationId: string;
  receiverSystemId: string;
  receiverOrganisationId: string;
  typeCode: string;
  title: string;
  version: string;
  documentDate: string;
  language: string;
  personName: string | null;
  organisationName: string | null;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The size and SHA-256 of what arrived (null until a completion read it). */
  received: { size: number; sha256: string } | null;
  /** Upload attempts so far (each gets its own incoming key). */
  uploads: number;
  /** The stored record's key in the documents bucket, once verified. */
  objectKey: string | null;
  classification: Classification | null;
  /** The receiver's inbox sequence, once delivered. */
  inboxSeq: number | null;
  sentAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  acknowledgedAt: string | null;
  events: DocumentEvent[];
  /** The newest downloads (at most DOWNLOADS_KEPT); every one is in the audit trail. */
  downloads: { at: string; by: string }[];
  downloadCount: number;
  /** The receiver's rejection (issue 35; state `rejected`); absent or null otherwise. */
  rejection?: Rejection | null;
  /** The sender's recall and the receiver's answer (issue 35); absent or null otherwise. */
  recall?: Recall | null;
  /** Not sent by a system but filed by an eTMF-EMS import (issue 34 item 5); absent or null otherwise. */
  source?: ImportedSource | null;
  /**
   * The journaled write (core/journal.ts, issue 32) that made this revision: a step run again
   * after an interruption finds its own change by it (done) apart from anyone else's (409).
   * Absent on records from before the journal.
   */
  lastWriteId?: string | null;
}

/**
 * A document an import filed (its row: the import's FILED seq): the artifact comes from the
 * package's inventory (checked against the catalogue when filed), so only the receiver's standard
 * classifies it (classify.ts); the sender is the import (`import:<importId>`), no system.
 */
export interface ImportedSource {
  kind: 'import';
  importId: string;
  seq: number;
  /** The package's file name (what the console and the receiver are told it came in). */
  packageName: string;
  artifactNumber: string;
  subArtifact: string | null;
  level: 'trial' | 'country' | 'site';
}

/** The sender id of an import's documents (no system: the import itself). */
export const importSenderOf = (importId: string): string => `import:${importId}`;

/**
 * A document record as a journal entry stores it (a send's new record): read back as the table's
 * own reader reads an item — an object with its id and revision, the rest as written.
 */
export const storedDocumentSchema = z.custom<DocumentRecord>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { documentId?: unknown }).documentId === 'string' &&
    typeof (value as { revision?: unknown }).revision === 'number',
  'not a document record',
);

/** How many downloads a record lists itself (the audit trail has every one). */
export const DOWNLOADS_KEPT = 50;

/** Which list of documents, newest first: the hub's, an organisation's, a study's… */
export type DocumentListName = 'hub' | 'site' | 'sponsor' | 'cro' | 'study' | 'connection' | 'held';

export interface DocumentPageRequest {
  list: DocumentListName;
  /** The list's key: the organisation, study or connection id (ignored for hub and held). */
  key: string;
  limit: number;
  /** Continue after this position (exclusive), as a previous page's `last` gave it. */
  after?: string;
  /** Oldest first (by the time sent) rather than newest first. */
  oldestFirst?: boolean;
  /** Sent at or after / before this ISO time (inclusive bounds of the sort key). */
  sentFrom?: string;
  sentBefore?: string;
}

export interface DocumentPage {
  records: DocumentRecord[];
  /** The position of the last record read; null when the list has no more. */
  last: string | null;
}

export interface InboxPage {
  entries: { seq: number; documentId: string }[];
  hasMore: boolean;
}

export interface ArtifactCount {
  artifactNumber: string;
  connectionId: string;
  count: number;
  imported: number;
}

/** The documents table (DynamoDB). */
/**
 * Documents made many at once (a distribution's copies, issue 35): apart from DocumentStore, so
 * that only the functions that make them carry the batching (the document functions' bundles are
 * near their budget).
 */
export interface DocumentBatch {
  /**
   * Creates several new documents at once, each once per idempotency key as `create`, each as it
   * should be stored: received, held, or delivered (then appended to its receiver's inbox, its
   * inbox sequence given here, as `deliver` does). Answers, in the order given, the document each
   * key names: made now, or made before (run again).
   */
  createMany(records: readonly DocumentRecord[]): Promise<DocumentRecord[]>;
}

export interface DocumentStore {
  get(documentId: string): Promise<DocumentRecord | null>;
  /** The documents with these ids, in the order asked (missing ones left out). */
  getMany(documentIds: readonly string[]): Promise<DocumentRecord[]>;
  /**
   * Creates the document together with its sender's idempotency key. When the sender already
   * used the key, nothing is written and the document it made is answered (`created: false`).
   */
  create(record: DocumentRecord): Promise<{ record: DocumentRecord; created: boolean }>;
  /**
   * Writes `next` (its revision one above `previous`'s) if the stored record is still at
   * `previous.revision`; false when someone changed it meanwhile. `previous` is the record as
   * stored, the one `next` was made from: what it counted (documentCounts) is taken off the
   * counters and what `next` counts put on, in the same write.
   */
  update(next: DocumentRecord, previous: DocumentRecord): Promise<boolean>;
  /**
   * Writes `next` (state delivered) and appends it to its receiver's inbox, in one transaction
   * with the counters (as `update`): the record as written (with its inbox sequence), or null
   * when the record moved on from `previous` meanwhile.
   */
  deliver(next: DocumentRecord, previous: DocumentRecord): Promise<DocumentRecord | null>;
  /** A system's inbox entries after `afterSeq`, in order. */
  inbox(systemId: string, afterSeq: number, limit: number): Promise<InboxPage>;
  /** One page of a list, newest first (or oldest first: `oldestFirst`). */
  page(request: DocumentPageRequest): Promise<DocumentPage>;
  /**
   * How many documents were delivered in a study, and how many files imports filed, per
   * artifact and connection ('' for what was imported at trial or country level).
   */
  artifactCounts(studyId: string): Promise<ArtifactCount[]>;
  /**
   * The counters of `scope` for the days `fromDay` to `toDay` (UTC, YYYY-MM-DD, both included),
   * oldest first; a day nothing was sent on is left out. Read consistently.
   */
  dayCounts(scope: DocumentScope, fromDay: string, toDay: string): Promise<DocumentDayCounts[]>;
  /** How many documents of `scope` are held now, per reason. Read consistently. */
  heldCounts(scope: DocumentScope): Promise<HeldCounts>;
}

// ---- The counters (issue 18): what the dashboard and the list's total read ----

/**
 * Where documents are counted, and what a reach sees of them (lists/documents.ts): `ALL`, the
 * hub's; `<role>#<organisationId>`, an organisation in its role on the document (the site, the
 * sponsor or the study's CRO). An organisation's list reads the index of its kind (`bySite`,
 * `bySponsor`, `byCro`), which holds exactly the documents that name it in that role: the scope
 * of its kind is that list, so its counters and its list agree.
 */
export type DocumentScope = string;
export const HUB_SCOPE: DocumentScope = 'ALL';
export const DOCUMENT_ROLES = ['site', 'sponsor', 'cro'] as const;
export type DocumentRole = (typeof DOCUMENT_ROLES)[number];
export const organisationScope = (role: DocumentRole, organisationId: string): DocumentScope =>
  `${role}#${organisationId}`;

/** The scopes a document counts in: the hub's, and each organisation's in its role. */
export const documentScopesOf = (
  record: Pick<
    DocumentRecord,
    'siteOrganisationId' | 'sponsorOrganisationId' | 'croOrganisationId'
  >,
): DocumentScope[] => [
  HUB_SCOPE,
  organisationScope('site', record.siteOrganisationId),
  organisationScope('sponsor', record.sponsorOrganisationId),
  ...(record.croOrganisationId === null
    ? []
    : [organisationScope('cro', record.croOrganisationId)]),
];

/** Delivered: in the receiver's inbox (acknowledged since or not). */
export const isDelivered = (record: Pick<DocumentRecord, 'state'>): boolean =>
  record.state === 'delivered' || record.state === 'acknowledged';

/**
 * Whether the document reached its receiver at some time: delivered now, or sent back since
 * (rejected, recalled or asked back after its delivery, issue 35). The counters keep counting
 * such a delivery; a document recalled while still held was never delivered.
 */
export const wasDelivered = (
  record: Pick<DocumentRecord, 'state' | 'deliveredAt' | 'inboxSeq'>,
): boolean =>
  isDelivered(record) ||
  ((RETURN_STATES as readonly string[]).includes(record.state) && record.inboxSeq !== null);

/**
 * Whether a kept file may leave the hub (delivered, exported): its malware scan found it clean.
 * Not a quarantined file, nor one awaiting its scan or held because the scan gave no verdict.
 */
export const scanCleared = (record: Pick<DocumentRecord, 'state' | 'holdReason'>): boolean =>
  record.state !== 'quarantined' &&
  record.state !== 'awaiting-scan' &&
  !(
    record.state === 'held' &&
    (record.holdReason === 'scan-failed' || record.holdReason === 'scan-unsupported')
  );

/** The reason a document is held for now; null when it is not held. */
export const heldReasonOf = (record: Pick<DocumentRecord, 'state' | 'holdReason'>) =>
  record.state === 'held' ? record.holdReason : null;

/** The UTC day (YYYY-MM-DD) of an ISO time. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

/** How long the delivery took, in seconds (sent to delivered). */
export const deliverySecondsOf = (
  record: Pick<DocumentRecord, 'sentAt' | 'deliveredAt' | 'updatedAt'>,
): number =>
  Math.max(
    0,
    (Date.parse(record.deliveredAt ?? record.updatedAt) - Date.parse(record.sentAt)) / 1000,
  );

/** The counters' names: sent and delivered per direction, a delivery-time bucket, a hold reason. */
export const sentCounter = (direction: Direction) => `sent_${direction}`;
export const deliveredCounter = (direction: Direction) => `delivered_${direction}`;
export const deliveryTimeCounter = (bucket: number) => `t${String(bucket).padStart(2, '0')}`;
export const heldCounter = (reason: HoldReason) => `held_${reason}`;

/**
 * One number a document adds to a counter: in `scope`, on the row of the day it was sent
 * (`day`), or on the scope's held row (`day` null).
 */
export interface DocumentCount {
  scope: DocumentScope;
  day: string | null;
  counter: string;
  by: number;
}

/**
 * What a document, as it is, adds to the counters of each of its scopes: one sent (its day,
 * its direction); once delivered, one delivered and one delivery time in its bucket (on the day
 * it was sent, so "sent on D and delivered" is the list of D filtered to delivered); while
 * held, one for its reason. The counters are the sum of this over every document.
 */
export const documentCounts = (record: DocumentRecord): DocumentCount[] => {
  const day = dayOf(record.sentAt);
  const reason = heldReasonOf(record);
  const counters: { day: string | null; counter: string }[] = [
    { day, counter: sentCounter(record.direction) },
    ...(wasDelivered(record)
      ? [
          { day, counter: deliveredCounter(record.direction) },
          { day, counter: deliveryTimeCounter(deliveryBucketOf(deliverySecondsOf(record))) },
        ]
      : []),
    ...(reason === null ? [] : [{ day: null, counter: heldCounter(reason) }]),
  ];
  return documentScopesOf(record).flatMap((scope) => counters.map((c) => ({ scope, ...c, by: 1 })));
};

const countKey = (c: Pick<DocumentCount, 'scope' | 'day' | 'counter'>) =>
  JSON.stringify([c.scope, c.day, c.counter]);

/**
 * What changing a document from `previous` (null: it is new) to `next` adds to the counters:
 * next's counts less previous's, without the ones that cancel. Nothing for most changes (a
 * download, an acknowledgement); a delivery, a hold, its end or a new reason move a few.
 */
export const countChanges = (
  previous: DocumentRecord | null,
  next: DocumentRecord,
): DocumentCount[] => {
  const sum = new Map<string, DocumentCount>();
  const add = (counts: readonly DocumentCount[], sign: number) => {
    for (const c of counts) {
      const key = countKey(c);
      const found = sum.get(key);
      if (found === undefined) sum.set(key, { ...c, by: c.by * sign });
      else found.by += c.by * sign;
    }
  };
  if (previous !== null) add(documentCounts(previous), -1);
  add(documentCounts(next), 1);
  return [...sum.values()].filter((c) => c.by !== 0);
};

/** One day's counters of a scope: sent and delivered per direction, and the delivery times. */
export interface DocumentDayCounts {
  day: string;
  sent: Record<Direction, number>;
  delivered: Record<Direction, number>;
  /** How many deliveries took the time of each bucket (DELIVERY_TIME_BOUNDS_SECONDS). */
  deliveryTimes: number[];
}

export type HeldCounts = Record<HoldReason, number>;

const numberOf = (value: unknown): number =>
  (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

/** A day's counters from the numbers stored under their names (missing ones are 0). */
export const dayCountsOf = (
  day: string,
  numbers: Readonly<Record<string, unknown>>,
): DocumentDayCounts => ({
  day,
  sent: Object.fromEntries(DIRECTIONS.map((d) => [d, numberOf(numbers[sentCounter(d)])])) as Record<
    Direction,
    number
  >,
  delivered: Object.fromEntries(
    DIRECTIONS.map((d) => [d, numberOf(numbers[deliveredCounter(d)])]),
  ) as Record<Direction, number>,
  deliveryTimes: Array.from({ length: DELIVERY_TIME_BUCKETS }, (_, i) =>
    numberOf(numbers[deliveryTimeCounter(i)]),
  ),
});

/** The held counts from the numbers stored under their names (missing ones are 0). */
export const heldCountsOf = (numbers: Readonly<Record<string, unknown>>): HeldCounts =>
  Object.fromEntries(HOLD_REASONS.map((r) => [r, numberOf(numbers[heldCounter(r)])])) as HeldCounts;

/** Two days' (or two shards') counters added up. */
export const addDayCounts = (a: DocumentDayCounts, b: DocumentDayCounts): DocumentDayCounts => ({
  day: a.day,
  sent: Object.fromEntries(DIRECTIONS.map((d) => [d, a.sent[d] + b.sent[d]])) as Record<
    Direction,
    number
  >,
  delivered: Object.fromEntries(
    DIRECTIONS.map((d) => [d, a.delivered[d] + b.delivered[d]]),
  ) as Record<Direction, number>,
  deliveryTimes: a.deliveryTimes.map((n, i) => n + (b.deliveryTimes[i] ?? 0)),
});

/** Where the files are (S3, the documents bucket): uploads in, verified records kept. */
export interface DocumentFiles {
  /** A presigned PUT for the sender's upload attempt: its URL and the headers to send. */
  uploadUrl(
    key: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** The upload's size, or null when nothing is there. */
  sizeOf(key: string): Promise<number | null>;
  /**
   * Copies the upload to the record's key through a hash: what is stored is exactly what was
   * hashed, whatever is uploaded to the incoming key later. Answers its size and SHA-256.
   */
  keep(
    incomingKey: string,
    recordKey: string,
    contentType: string,
    /** Read no further than this (the size announced, plus one byte to tell it is more). */
    maxBytes: number,
  ): Promise<{
    size: number;
    sha256: string;
  }>;
  /**
   * Writes `data` to `key` as it streams (in parts), reading no more than `maxBytes`; answers
   * the size and SHA-256 of exactly what was written.
   */
  store(
    key: string,
    data: AsyncIterable<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ): Promise<{ size: number; sha256: string }>;
  /**
   * The malware scan's status tag on a kept record (`GuardDutyMalwareScanStatus`, S3
   * GetObjectTagging): null when the object has no such tag yet (not scanned).
   */
  scanStatusOf(key: string): Promise<string | null>;
  /** Bytes start..endInclusive of an object (an S3 ranged GET). */
  readRange(key: string, start: number, endInclusive: number): Promise<Uint8Array>;
  /** A kept record's bytes, as a stream (never whole in memory). */
  read(key: string): AsyncIterable<Uint8Array>;
  /** A presigned GET of a record, named for the browser. */
  downloadUrl(
    key: string,
    fileName: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<string>;
  /**
   * The object at `key` gone, so a link signed for it no longer downloads (a recall moved the
   * file to a key of its own first: document-returns.ts). Nothing there is no error.
   */
  remove(key: string): Promise<void>;
}

export const incomingKeyOf = (documentId: string, attempt: number): string =>
  `incoming/${documentId}/${String(attempt)}`;
/**
 * Where a completion keeps what it verified: a key of its own per completion, so a completion
 * that loses to another (the sender replaced the upload meanwhile) never overwrites the copy the
 * winner verified; the record names the winner's.
 */
export const recordKeyOf = (
  record: Pick<DocumentRecord, 'studyId' | 'documentId'>,
  completion: string,
): string => `records/${record.studyId}/${record.documentId}/${completion}`;

/** Held counts (of several shards) added up. */
export const sumHeldCounts = (counts: readonly HeldCounts[]): HeldCounts =>
  Object.fromEntries(
    HOLD_REASONS.map((r) => [r, counts.reduce((sum, c) => sum + c[r], 0)]),
  ) as HeldCounts;
