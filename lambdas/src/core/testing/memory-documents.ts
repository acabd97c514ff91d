import {
  type ArtifactCount,
  countChanges,
  type DocumentBatch,
  type DocumentCount,
  type DocumentDayCounts,
  type DocumentPage,
  type DocumentPageRequest,
  type DocumentRecord,
  type DocumentScope,
  type DocumentStore,
  dayCountsOf,
  type HeldCounts,
  heldCountsOf,
  type InboxPage,
  isDelivered,
} from '../ports/documents';

/** Which record field each list is keyed by (data-model.ts DOCUMENT_INDEXES; hub and held fixed). */
const LIST_KEY: Record<DocumentPageRequest['list'], (r: DocumentRecord) => string | null> = {
  hub: () => '',
  held: (r) => (r.state === 'held' || r.state === 'awaiting-scan' ? '' : null),
  site: (r) => r.siteOrganisationId,
  sponsor: (r) => r.sponsorOrganisationId,
  cro: (r) => r.croOrganisationId,
  study: (r) => r.studyId,
  connection: (r) => r.connectionId,
};

const positionOf = (r: DocumentRecord) => `${r.sentAt}#${r.documentId}`;

/**
 * Documents in memory, with the DynamoDB adapter's semantics (adapters/dynamodb-documents.ts): a
 * document is created once per idempotency key; a change is written only while the stored
 * record is still at `previous.revision`; a delivery appends to the receiver's inbox. Every
 * creation and change moves the counters by countChanges(previous, next), with the record or not
 * at all, as the adapter's transactions do. Records handed out are copies.
 */
export class MemoryDocumentStore implements DocumentStore, DocumentBatch {
  readonly records = new Map<string, DocumentRecord>();
  /** `${senderSystemId}#${key}` → documentId. */
  readonly keys = new Map<string, string>();
  readonly inboxes = new Map<string, string[]>();
  /** `${scope}#${day ?? 'HELD'}` → counter → number. */
  readonly counters = new Map<string, Map<string, number>>();
  readonly artifactCounters = new Map<string, number>();

  get(documentId: string): Promise<DocumentRecord | null> {
    const record = this.records.get(documentId);
    return Promise.resolve(record === undefined ? null : structuredClone(record));
  }

  getMany(documentIds: readonly string[]): Promise<DocumentRecord[]> {
    return Promise.resolve(
      documentIds.flatMap((id) => {
        const record = this.records.get(id);
        return record === undefined ? [] : [structuredClone(record)];
      }),
    );
  }

  create(record: DocumentRecord): Promise<{ record: DocumentRecord; created: boolean }> {
    const key = `${record.senderSystemId}#${record.idempotencyKey}`;
    const existing = this.keys.get(key);
    if (existing !== undefined) {
      // As the table answers: the record this very id made (a create run again) counts as made.
      return Promise.resolve({
        record: structuredClone(this.records.get(existing) as DocumentRecord),
        created: existing === record.documentId,
      });
    }
    this.keys.set(key, record.documentId);
    this.write(null, record);
    return Promise.resolve({ record: structuredClone(record), created: true });
  }

  /** As the adapter: each once per key; a delivered one appended to its inbox. */
  createMany(records: readonly DocumentRecord[]): Promise<DocumentRecord[]> {
    const out: DocumentRecord[] = [];
    for (const record of records) {
      const key = `${record.senderSystemId}#${record.idempotencyKey}`;
      const existing = this.keys.get(key);
      if (existing !== undefined) {
        out.push(structuredClone(this.records.get(existing) as DocumentRecord));
        continue;
      }
      let stored = record;
      if (isDelivered(record)) {
        const inbox = this.inboxes.get(record.receiverSystemId) ?? [];
        inbox.push(record.documentId);
        this.inboxes.set(record.receiverSystemId, inbox);
        stored = { ...record, inboxSeq: inbox.length };
        if (record.classification !== null && (record.source ?? null) === null) {
          const counter = `${record.studyId}#${record.classification.artifactNumber}#${record.connectionId}`;
          this.artifactCounters.set(counter, (this.artifactCounters.get(counter) ?? 0) + 1);
        }
      }
      this.keys.set(key, record.documentId);
      this.write(null, stored);
      out.push(structuredClone(stored));
    }
    return Promise.resolve(out);
  }

  update(next: DocumentRecord, previous: DocumentRecord): Promise<boolean> {
    const stored = this.records.get(next.documentId);
    if (stored?.revision !== previous.revision) return Promise.resolve(false);
    this.write(stored, next);
    return Promise.resolve(true);
  }

  deliver(next: DocumentRecord, previous: DocumentRecord): Promise<DocumentRecord | null> {
    const stored = this.records.get(next.documentId);
    if (stored?.revision !== previous.revision) return Promise.resolve(null);
    const inbox = this.inboxes.get(next.receiverSystemId) ?? [];
    inbox.push(next.documentId);
    this.inboxes.set(next.receiverSystemId, inbox);
    const delivered: DocumentRecord = { ...next, inboxSeq: inbox.length };
    if (next.classification !== null && (next.source ?? null) === null) {
      const counter = `${next.studyId}#${next.classification.artifactNumber}#${next.connectionId}`;
      this.artifactCounters.set(counter, (this.artifactCounters.get(counter) ?? 0) + 1);
    }
    this.write(stored, delivered);
    return Promise.resolve(structuredClone(delivered));
  }

  /** The record and the counters it moves, together. */
  private write(previous: DocumentRecord | null, next: DocumentRecord) {
    this.records.set(next.documentId, structuredClone(next));
    this.count(countChanges(previous, next));
  }

  /** Moves the counters by `counts` (also how a test seeds what a bulk load would leave). */
  count(counts: readonly DocumentCount[]) {
    for (const c of counts) {
      const row = `${c.scope}#${c.day ?? 'HELD'}`;
      const numbers = this.counters.get(row) ?? new Map<string, number>();
      numbers.set(c.counter, (numbers.get(c.counter) ?? 0) + c.by);
      this.counters.set(row, numbers);
    }
  }

  inbox(systemId: string, afterSeq: number, limit: number): Promise<InboxPage> {
    const all = (this.inboxes.get(systemId) ?? []).map((documentId, i) => ({
      seq: i + 1,
      documentId,
    }));
    const after = all.filter((e) => e.seq > afterSeq);
    return Promise.resolve({ entries: after.slice(0, limit), hasMore: after.length > limit });
  }

  page(request: DocumentPageRequest): Promise<DocumentPage> {
    const keyOf = LIST_KEY[request.list];
    const key = request.list === 'hub' || request.list === 'held' ? '' : request.key;
    const lower = request.sentFrom ?? '0';
    const upper = request.sentBefore ?? '~';
    const listed = [...this.records.values()]
      .filter((r) => keyOf(r) === key)
      .filter((r) => positionOf(r) >= lower && positionOf(r) <= upper)
      .filter(
        (r) =>
          request.after === undefined ||
          (request.oldestFirst === true
            ? positionOf(r) > request.after
            : positionOf(r) < request.after),
      )
      .sort((a, b) => (positionOf(a) < positionOf(b) ? 1 : -1) * (request.oldestFirst ? -1 : 1));
    const records = listed.slice(0, request.limit);
    const lastRecord = records.at(-1);
    return Promise.resolve({
      records: records.map((r) => structuredClone(r)),
      last:
        listed.length > request.limit && lastRecord !== undefined ? positionOf(lastRecord) : null,
    });
  }

  artifactCounts(studyId: string): Promise<ArtifactCount[]> {
    return Promise.resolve(
      [...this.artifactCounters.entries()]
        .filter(([key]) => key.startsWith(`${studyId}#`))
        .map(([key, count]) => {
          const [, artifactNumber = '', connectionId = ''] = key.split('#');
          return { artifactNumber, connectionId, count, imported: 0 };
        }),
    );
  }

  dayCounts(scope: DocumentScope, fromDay: string, toDay: string): Promise<DocumentDayCounts[]> {
    const days: DocumentDayCounts[] = [];
    for (const [row, numbers] of this.counters) {
      const at = row.lastIndexOf('#');
      const day = row.slice(at + 1);
      if (row.slice(0, at) !== scope || day === 'HELD' || day < fromDay || day > toDay) continue;
      days.push(dayCountsOf(day, Object.fromEntries(numbers)));
    }
    return Promise.resolve(days.sort((a, b) => (a.day < b.day ? -1 : 1)));
  }

  heldCounts(scope: DocumentScope): Promise<HeldCounts> {
    return Promise.resolve(
      heldCountsOf(Object.fromEntries(this.counters.get(`${scope}#HELD`) ?? [])),
    );
  }
}
