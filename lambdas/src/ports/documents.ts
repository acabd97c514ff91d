import type {
  Classification,
  Direction,
  DocumentEvent,
  DocumentState,
  HoldReason,
} from '@ccsc/contract/documents';

/**
 * A document exchanged over a connection (issue 17; the model: @ccsc/contract/documents). The
 * record is the document's whole story: what the sender said of it, what arrived, how it was
 * classified, where it is, every hand-over and who downloaded it. Records are never deleted.
 */
export interface DocumentRecord {
  documentId: string;
  /** Raised by every change; a change names the one it was made from. */
  revision: number;
  idempotencyKey: string;
  /** SHA-256 of what the sender asked for, so a reused key with another request is told apart. */
  requestHash: string;
  state: DocumentState;
  holdReason: HoldReason | null;
  holdDetail: string | null;
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
}

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
   * Writes `next` (its revision one above `expectedRevision`) if the stored record is still at
   * `expectedRevision`; false when someone changed it meanwhile.
   */
  update(next: DocumentRecord, expectedRevision: number): Promise<boolean>;
  /**
   * Writes `next` (state delivered) and appends it to its receiver's inbox, in one transaction:
   * the record as written (with its inbox sequence), or null when the record moved on meanwhile.
   */
  deliver(next: DocumentRecord, expectedRevision: number): Promise<DocumentRecord | null>;
  /** A system's inbox entries after `afterSeq`, in order. */
  inbox(systemId: string, afterSeq: number, limit: number): Promise<InboxPage>;
  /** One page of a list, newest first. */
  page(request: DocumentPageRequest): Promise<DocumentPage>;
  /**
   * How many documents were delivered in a study, and how many files imports filed, per
   * artifact and connection ('' for what was imported at trial or country level).
   */
  artifactCounts(studyId: string): Promise<ArtifactCount[]>;
}

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
