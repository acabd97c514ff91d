import {
  artifactCountKey,
  documentKey,
  idempotencyKey,
  inboxEntryKey,
  inboxHeadKey,
} from '../data-model';
import {
  countChanges,
  type DocumentBatch,
  type DocumentRecord,
  isDelivered,
} from '../core/ports/documents';
import { jitteredBackoff } from './backoff';
import { batchGetAll, type Dynamo, isCancelled } from './clients/dynamodb';
import { newItemPut } from './dynamodb-table';
import { CONFLICT_ATTEMPTS, counterUpdates, itemOf, recordOf } from './dynamodb-document-items';
import { DynamoDocumentStore } from './dynamodb-documents';

/**
 * Many new documents written together (issue 35: a distribution's copies to 500 sites in well
 * under the 5 s budget): each document as `create` and `deliver` write it — its idempotency
 * claim (only if new), the record already classified, for a delivered one its inbox entry and
 * the inbox's head raised, the artifact count, the counters — but several documents to one
 * TransactWriteItems, the counter rows they share ADDed once per transaction. One document's
 * transaction was five requests and a read of its inbox's head; here the claims and heads of a
 * whole transaction are read by two BatchGetItem. A claim found used answers the document made
 * under it before (a fan-out run again), never a second one.
 */

/** TransactWriteItems' most. */
const MOST_ITEMS = 100;

type Update = ReturnType<typeof counterUpdates>[number];
type Put =
  | ReturnType<typeof newItemPut>
  | {
      Put: {
        TableName: string;
        Item: Record<string, unknown>;
        ConditionExpression: string;
        ExpressionAttributeValues: Record<string, unknown>;
      };
    };
type Key = Update['Update']['Key'];

const rowId = (key: Record<string, unknown>): string => `${String(key.pk)}\u0000${String(key.sk)}`;
const claimOf = (r: DocumentRecord) => idempotencyKey(r.senderSystemId, r.idempotencyKey);

/** The counters' and artifact counts' ADDs of several documents, one Update per row. */
const mergedUpdates = (updates: readonly Update[]): Update[] => {
  const rows = new Map<string, { key: Key; add: Map<string, number> }>();
  for (const { Update: u } of updates) {
    const id = rowId(u.Key);
    const row = rows.get(id) ?? { key: u.Key, add: new Map<string, number>() };
    for (const [ref, name] of Object.entries(u.ExpressionAttributeNames)) {
      const value = u.ExpressionAttributeValues[`:${ref.slice(1)}`] ?? 0;
      row.add.set(name, (row.add.get(name) ?? 0) + value);
    }
    rows.set(id, row);
  }
  const tableName = updates[0]?.Update.TableName ?? '';
  return [...rows.values()].map(({ key, add }) => {
    const names = [...add.keys()];
    return {
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: `ADD ${names.map((_, i) => `#c${String(i)} :c${String(i)}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${String(i)}`, n])),
        ExpressionAttributeValues: Object.fromEntries(
          names.map((n, i) => [`:c${String(i)}`, add.get(n) ?? 0]),
        ),
      },
    };
  });
};

/** What one document adds to a transaction besides the shared rows. */
const countsOf = (tableName: string, record: DocumentRecord): Update[] => [
  ...counterUpdates(tableName, record.documentId, countChanges(null, record)),
  ...(isDelivered(record) && record.classification !== null && (record.source ?? null) === null
    ? [
        {
          Update: {
            TableName: tableName,
            Key: artifactCountKey(
              record.studyId,
              record.classification.artifactNumber,
              record.connectionId,
            ),
            UpdateExpression: 'ADD #c0 :c0',
            ExpressionAttributeNames: { '#c0': 'count' },
            ExpressionAttributeValues: { ':c0': 1 },
          },
        },
      ]
    : []),
];

/**
 * The documents of `records` as transactions of at most 100 items: a document is added while the
 * transaction, with every row it would share merged, still fits.
 */
const chunksOf = (tableName: string, records: readonly DocumentRecord[]): DocumentRecord[][] => {
  const chunks: DocumentRecord[][] = [];
  let chunk: DocumentRecord[] = [];
  let updates: Update[] = [];
  let systems = new Set<string>();
  for (const record of records) {
    const nextUpdates = [...updates, ...countsOf(tableName, record)];
    const nextSystems = isDelivered(record)
      ? new Set([...systems, record.receiverSystemId])
      : systems;
    const items =
      (chunk.length + 1) * 2 +
      chunk.concat(record).filter(isDelivered).length +
      nextSystems.size +
      mergedUpdates(nextUpdates).length;
    if (chunk.length > 0 && items > MOST_ITEMS) {
      chunks.push(chunk);
      chunk = [record];
      updates = countsOf(tableName, record);
      systems = isDelivered(record) ? new Set([record.receiverSystemId]) : new Set();
    } else {
      chunk.push(record);
      updates = nextUpdates;
      systems = nextSystems;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
};

/** Writes one transaction's documents; answers each by its claim (made now or before). */
const writeChunk = async (
  db: Dynamo,
  tableName: string,
  chunk: readonly DocumentRecord[],
): Promise<Map<string, DocumentRecord>> => {
  const { client, sdk } = db;
  for (let attempt = 1; ; attempt += 1) {
    const claims = await batchGetAll(db, tableName, chunk.map(claimOf), 'document claims');
    const used = new Map(claims.map((c) => [rowId(c), String(c.documentId)]));
    const before = await batchGetAll(
      db,
      tableName,
      [...used.values()].map((id) => documentKey(id)),
      'documents',
    );
    const made = new Map<string, DocumentRecord>();
    const earlier = new Map(before.map(recordOf).map((r) => [r.documentId, r]));
    const fresh: DocumentRecord[] = [];
    for (const record of chunk) {
      const id = used.get(rowId(claimOf(record)));
      const found = id === undefined ? undefined : earlier.get(id);
      if (found !== undefined) made.set(rowId(claimOf(record)), found);
      else fresh.push(record);
    }
    if (fresh.length === 0) return made;
    const systems = [...new Set(fresh.filter(isDelivered).map((r) => r.receiverSystemId))];
    const heads = new Map(
      (await batchGetAll(db, tableName, systems.map(inboxHeadKey), 'inbox heads')).map((h) => [
        rowId(h),
        typeof h.seq === 'number' ? h.seq : 0,
      ]),
    );
    const seqs = new Map(systems.map((s) => [s, heads.get(rowId(inboxHeadKey(s))) ?? 0]));
    const puts: Put[] = [];
    const written: DocumentRecord[] = [];
    for (const record of fresh) {
      let stored = record;
      if (isDelivered(record)) {
        const seq = (seqs.get(record.receiverSystemId) ?? 0) + 1;
        seqs.set(record.receiverSystemId, seq);
        stored = { ...record, inboxSeq: seq };
        puts.push(
          newItemPut(tableName, {
            ...inboxEntryKey(record.receiverSystemId, seq),
            documentId: record.documentId,
          }),
        );
      }
      puts.push(newItemPut(tableName, { ...claimOf(record), documentId: record.documentId }));
      puts.push(newItemPut(tableName, itemOf(stored)));
      written.push(stored);
    }
    for (const system of systems) {
      const read = heads.get(rowId(inboxHeadKey(system))) ?? 0;
      puts.push({
        Put: {
          TableName: tableName,
          Item: { ...inboxHeadKey(system), seq: seqs.get(system) ?? read },
          ConditionExpression: read === 0 ? 'attribute_not_exists(pk) OR seq = :seq' : 'seq = :seq',
          ExpressionAttributeValues: { ':seq': read },
        },
      });
    }
    const updates = mergedUpdates(fresh.flatMap((r) => countsOf(tableName, r)));
    try {
      await client.send(new sdk.TransactWriteCommand({ TransactItems: [...puts, ...updates] }));
      for (const r of written) made.set(rowId(claimOf(r)), r);
      return made;
    } catch (err) {
      // A claim made meanwhile (another run of the same fan-out), an inbox's head moved by
      // another delivery, or a transaction crossing this one on a counter: nothing was written;
      // read again and try again.
      if (!isCancelled(err) || attempt >= CONFLICT_ATTEMPTS) throw err;
      await jitteredBackoff(attempt, 500);
    }
  }
};

/**
 * Creates `records` (new documents, received or already classified: delivered or held), each
 * once per idempotency key; answers, in the order given, the document each key names.
 */
export const createDocuments = async (
  db: Dynamo,
  tableName: string,
  records: readonly DocumentRecord[],
): Promise<DocumentRecord[]> => {
  const made = new Map<string, DocumentRecord>();
  for (const chunk of chunksOf(tableName, records)) {
    for (const [claim, record] of await writeChunk(db, tableName, chunk)) made.set(claim, record);
  }
  return records.flatMap((r) => made.get(rowId(claimOf(r))) ?? []);
};

/** The documents' store with the batch: what the distributions' functions are given. */
export class DynamoDocumentBatchStore extends DynamoDocumentStore implements DocumentBatch {
  async createMany(records: readonly DocumentRecord[]): Promise<DocumentRecord[]> {
    return createDocuments(await this.db(), this.tableName, records);
  }
}
