import {
  DOCUMENT_HELD_KEY,
  DOCUMENT_HUB_KEY,
  DOCUMENT_INDEXES,
  documentKey,
  documentSentKey,
  documentStatsDayKey,
  documentStatsHeldKey,
  documentStatsShard,
} from '../data-model';
import {
  addDayCounts,
  type DocumentCount,
  type DocumentDayCounts,
  type DocumentRecord,
  type DocumentScope,
  documentCounts,
} from '../core/ports/documents';

/** A document as a DynamoDB item, and the counter rows its writes ADD to (dynamodb-documents.ts). */

/** The attributes an item has beside the record: its keys and its index keys. */
const KEY_ATTRIBUTES = [
  'pk',
  'sk',
  'gSent',
  ...Object.values(DOCUMENT_INDEXES).map((i) => i.attribute),
] as const;

/** The record as an item: its key, and the index keys of the lists it is on now. */
export const itemOf = (record: DocumentRecord): Record<string, unknown> => ({
  ...record,
  ...documentKey(record.documentId),
  gSent: documentSentKey(record.sentAt, record.documentId),
  gHub: DOCUMENT_HUB_KEY,
  gSite: record.siteOrganisationId,
  gSponsor: record.sponsorOrganisationId,
  ...(record.croOrganisationId === null ? {} : { gCro: record.croOrganisationId }),
  gStudy: record.studyId,
  gConnection: record.connectionId,
  // The documents the hub has yet to move on: held, or awaiting their malware scan (the sweep).
  ...(record.state === 'held' || record.state === 'awaiting-scan'
    ? { gHeld: DOCUMENT_HELD_KEY }
    : {}),
});

export const recordOf = (item: Record<string, unknown>): DocumentRecord => {
  if (typeof item.documentId !== 'string' || typeof item.revision !== 'number') {
    throw new Error(
      `The documents table holds an item that is not a document (${String(item.pk)}).`,
    );
  }
  const keys: ReadonlySet<string> = new Set(KEY_ATTRIBUTES);
  return Object.fromEntries(
    Object.entries(item).filter(([name]) => !keys.has(name)),
  ) as unknown as DocumentRecord;
};

/** How often a delivery retries when other deliveries to the same inbox move its head first. */
export const DELIVERY_ATTEMPTS = 20;
/**
 * How often a creation or a change is tried again when its transaction was cancelled by another
 * one crossing it on a counter (TransactionConflict), the record itself untouched.
 */
export const CONFLICT_ATTEMPTS = 8;
/** TransactWriteItems' most; a document's transaction stays far below it (at most 12 items). */
const TRANSACTION_ITEMS = 100;

/** The shards' rows of each day added up, oldest day first. */
export const mergeDays = (rows: readonly DocumentDayCounts[]): DocumentDayCounts[] => {
  const days = new Map<string, DocumentDayCounts>();
  for (const row of rows) {
    const found = days.get(row.day);
    days.set(row.day, found === undefined ? row : addDayCounts(found, row));
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
};

/** A transaction's items, checked against TransactWriteItems' limit. */
export const transaction = <T>(items: T[]): T[] => {
  if (items.length > TRANSACTION_ITEMS) {
    throw new Error(
      `A document's transaction would have ${String(items.length)} items; DynamoDB takes ${String(TRANSACTION_ITEMS)}.`,
    );
  }
  return items;
};

/** The key of a counter's row: the scope's shard the document counts in, on its day or held. */
const counterKey = (c: Pick<DocumentCount, 'scope' | 'day'>, shard: number) =>
  c.day === null
    ? documentStatsHeldKey(c.scope, shard)
    : documentStatsDayKey(c.scope, shard, c.day);

/** The counts grouped by the row they go to: one ADD of several numbers per row. */
const byRow = (counts: readonly DocumentCount[]) => {
  const rows = new Map<
    string,
    { scope: DocumentScope; day: string | null; add: Map<string, number> }
  >();
  for (const c of counts) {
    const key = JSON.stringify([c.scope, c.day]);
    const row = rows.get(key) ?? { scope: c.scope, day: c.day, add: new Map<string, number>() };
    row.add.set(c.counter, (row.add.get(c.counter) ?? 0) + c.by);
    rows.set(key, row);
  }
  return [...rows.values()];
};

/**
 * The transaction's updates that move the counters by `counts` (countChanges), each row's
 * numbers ADDed in one Update of the document's shard.
 */
export const counterUpdates = (
  tableName: string,
  documentId: string,
  counts: readonly DocumentCount[],
) => {
  const shard = documentStatsShard(documentId);
  return byRow(counts).map((row) => {
    const names = [...row.add.keys()];
    return {
      Update: {
        TableName: tableName,
        Key: counterKey(row, shard),
        UpdateExpression: `ADD ${names.map((_, i) => `#c${String(i)} :c${String(i)}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${String(i)}`, n])),
        ExpressionAttributeValues: Object.fromEntries(
          names.map((n, i) => [`:c${String(i)}`, row.add.get(n) ?? 0]),
        ),
      },
    };
  });
};

/**
 * The counter items that documents written straight into the table (the bench's history, a
 * backfill) would have left, had each been made through the store: every document's counts
 * (documentCounts) added up on the rows of its shard, as items to put.
 */
export const documentCounterItems = (
  records: Iterable<DocumentRecord>,
): Record<string, unknown>[] => {
  const items = new Map<string, Record<string, unknown>>();
  for (const record of records) {
    const shard = documentStatsShard(record.documentId);
    for (const c of documentCounts(record)) {
      const key = counterKey(c, shard);
      const id = `${key.pk}\u0000${key.sk}`;
      const item = items.get(id) ?? { ...key };
      item[c.counter] =
        (typeof item[c.counter] === 'number' ? (item[c.counter] as number) : 0) + c.by;
      items.set(id, item);
    }
  }
  return [...items.values()];
};
