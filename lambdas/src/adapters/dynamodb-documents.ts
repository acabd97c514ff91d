import { jitteredBackoff } from './backoff';
import {
  ARTIFACT_COUNT_PREFIX,
  artifactCountKey,
  DOCUMENT_HELD_KEY,
  DOCUMENT_HUB_KEY,
  DOCUMENT_INDEXES,
  DOCUMENT_STATS_SHARDS,
  documentKey,
  documentSentKey,
  documentStatsDayKey,
  documentStatsHeldKey,
  documentStatsPartition,
  documentStatsShard,
  idempotencyKey,
  inboxEntryKey,
  inboxHeadKey,
} from '../data-model';
import {
  addDayCounts,
  type ArtifactCount,
  countChanges,
  type DocumentCount,
  type DocumentDayCounts,
  type DocumentPage,
  type DocumentPageRequest,
  type DocumentRecord,
  type DocumentScope,
  type DocumentStore,
  dayCountsOf,
  documentCounts,
  type HeldCounts,
  heldCountsOf,
  type InboxPage,
  sumHeldCounts,
} from '../core/ports/documents';
import {
  batchGetAll,
  type DynamoAccess,
  type DynamoSource,
  dynamoAccess,
  isCancelled,
  isConditionFailure,
} from './clients/dynamodb';
import { queryAll } from './dynamodb-query';

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
  ...(record.state === 'held' ? { gHeld: DOCUMENT_HELD_KEY } : {}),
});

const recordOf = (item: Record<string, unknown>): DocumentRecord => {
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
const DELIVERY_ATTEMPTS = 20;
/**
 * How often a creation or a change is tried again when its transaction was cancelled by another
 * one crossing it on a counter (TransactionConflict), the record itself untouched.
 */
const CONFLICT_ATTEMPTS = 8;
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
const transaction = <T>(items: T[]): T[] => {
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

/** A delivery or a claim read that lost a race retries after jitteredBackoff, at most 0.5 s. */
const backoff = (attempt: number) => jitteredBackoff(attempt, 500);

/**
 * Deliveries to one inbox, one after the other within this process (a Lambda container; the
 * whole offline console): each raises the inbox's head on the condition that it is still the
 * value read, so deliveries made at the same moment would race for it and all but one try
 * again. Queued here, they do not; deliveries from other processes still race, and back off.
 */
const inboxTurns = new Map<string, Promise<unknown>>();
const inTurn = <T>(systemId: string, work: () => Promise<T>): Promise<T> => {
  const before = inboxTurns.get(systemId) ?? Promise.resolve();
  const mine = before.then(work, work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  inboxTurns.set(systemId, settled);
  void settled.then(() => {
    if (inboxTurns.get(systemId) === settled) inboxTurns.delete(systemId);
  });
  return mine;
};

/**
 * Documents in their own table (data-model.ts, "Documents"): one item per document, rewritten
 * whole on the revision it was made from; the idempotency keys and the inboxes beside them.
 */
export class DynamoDocumentStore implements DocumentStore {
  private readonly db: DynamoAccess;

  constructor(
    client: DynamoSource,
    private readonly tableName: string,
  ) {
    this.db = dynamoAccess(client);
  }

  async get(documentId: string): Promise<DocumentRecord | null> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.GetCommand({
        TableName: this.tableName,
        Key: documentKey(documentId),
        ConsistentRead: true,
      }),
    );
    return out.Item === undefined ? null : recordOf(out.Item);
  }

  async getMany(documentIds: readonly string[]): Promise<DocumentRecord[]> {
    if (documentIds.length === 0) return [];
    const items = await batchGetAll(
      await this.db(),
      this.tableName,
      [...new Set(documentIds)].map((id) => documentKey(id)),
      'documents',
    );
    const found = new Map(items.map((item) => recordOf(item)).map((r) => [r.documentId, r]));
    return documentIds.flatMap((id) => found.get(id) ?? []);
  }

  async create(record: DocumentRecord): Promise<{ record: DocumentRecord; created: boolean }> {
    const { client, sdk } = await this.db();
    const claim = idempotencyKey(record.senderSystemId, record.idempotencyKey);
    const items = [
      {
        Put: {
          TableName: this.tableName,
          Item: { ...claim, documentId: record.documentId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: this.tableName,
          Item: itemOf(record),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...counterUpdates(this.tableName, record.documentId, countChanges(null, record)),
    ];
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.send(new sdk.TransactWriteCommand({ TransactItems: transaction(items) }));
        return { record, created: true };
      } catch (err) {
        if (!isCancelled(err)) throw err;
        // The key used already: its document. Else another transaction crossed this one (on a
        // counter, or the same key sent at the same moment, whose claim is not written yet):
        // nothing was written, so it is tried again; the claim's condition keeps it to one.
        const out = await client.send(
          new sdk.GetCommand({ TableName: this.tableName, Key: claim, ConsistentRead: true }),
        );
        const existingId: unknown = out.Item?.documentId;
        if (typeof existingId === 'string') {
          const existing = await this.get(existingId);
          if (existing === null) throw err;
          // An SDK retry of this very transaction, which had gone through: it is this one's.
          return { record: existing, created: existingId === record.documentId };
        }
        if (attempt >= CONFLICT_ATTEMPTS) throw err;
        await backoff(attempt);
      }
    }
  }

  async update(next: DocumentRecord, previous: DocumentRecord): Promise<boolean> {
    const { client, sdk } = await this.db();
    const put = {
      TableName: this.tableName,
      Item: itemOf(next),
      ConditionExpression: 'revision = :revision',
      ExpressionAttributeValues: { ':revision': previous.revision },
    };
    const counters = counterUpdates(this.tableName, next.documentId, countChanges(previous, next));
    if (counters.length === 0) {
      try {
        await client.send(new sdk.PutCommand(put));
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    }
    // A hold, its end or a new reason: the record and the counters it moves, together.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.send(
          new sdk.TransactWriteCommand({ TransactItems: transaction([{ Put: put }, ...counters]) }),
        );
        return true;
      } catch (err) {
        if (!isCancelled(err)) throw err;
        const now = await this.get(next.documentId);
        if (now?.revision !== previous.revision) return false;
        // Crossed on a counter by another document's transaction: nothing written, try again.
        if (attempt >= CONFLICT_ATTEMPTS) throw err;
        await backoff(attempt);
      }
    }
  }

  deliver(next: DocumentRecord, previous: DocumentRecord): Promise<DocumentRecord | null> {
    return inTurn(next.receiverSystemId, () => this.deliverNow(next, previous));
  }

  private async deliverNow(
    next: DocumentRecord,
    previous: DocumentRecord,
  ): Promise<DocumentRecord | null> {
    const expectedRevision = previous.revision;
    const counters = counterUpdates(this.tableName, next.documentId, countChanges(previous, next));
    const { client, sdk } = await this.db();
    const head = inboxHeadKey(next.receiverSystemId);
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt += 1) {
      const out = await client.send(
        new sdk.GetCommand({ TableName: this.tableName, Key: head, ConsistentRead: true }),
      );
      const seq = typeof out.Item?.seq === 'number' ? out.Item.seq : 0;
      const delivered: DocumentRecord = { ...next, inboxSeq: seq + 1 };
      try {
        await client.send(
          new sdk.TransactWriteCommand({
            TransactItems: transaction([
              {
                Put: {
                  TableName: this.tableName,
                  Item: { ...head, seq: seq + 1 },
                  ConditionExpression:
                    seq === 0 ? 'attribute_not_exists(pk) OR seq = :seq' : 'seq = :seq',
                  ExpressionAttributeValues: { ':seq': seq },
                },
              },
              {
                Put: {
                  TableName: this.tableName,
                  Item: {
                    ...inboxEntryKey(next.receiverSystemId, seq + 1),
                    documentId: next.documentId,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: this.tableName,
                  Item: itemOf(delivered),
                  ConditionExpression: 'revision = :revision',
                  ExpressionAttributeValues: { ':revision': expectedRevision },
                },
              },
              ...(next.classification === null
                ? []
                : [
                    {
                      Update: {
                        TableName: this.tableName,
                        Key: artifactCountKey(
                          next.studyId,
                          next.classification.artifactNumber,
                          next.connectionId,
                        ),
                        UpdateExpression: 'ADD #count :one',
                        ExpressionAttributeNames: { '#count': 'count' },
                        ExpressionAttributeValues: { ':one': 1 },
                      },
                    },
                  ]),
              ...counters,
            ]),
          }),
        );
        return delivered;
      } catch (err) {
        if (!isCancelled(err)) throw err;
        const now = await this.get(next.documentId);
        if (now?.revision !== expectedRevision) return null;
        // Another delivery to the same inbox moved its head first (take the next number), or a
        // transaction crossed this one on a counter: nothing was written, try again.
        await backoff(attempt);
      }
    }
    throw new Error(
      `The inbox of ${next.receiverSystemId} stayed busy for ${String(DELIVERY_ATTEMPTS)} attempts.`,
    );
  }

  async artifactCounts(studyId: string): Promise<ArtifactCount[]> {
    const { client, sdk } = await this.db();
    const out: ArtifactCount[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `${ARTIFACT_COUNT_PREFIX}${studyId}` },
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      for (const item of page.Items ?? []) {
        const sk = String(item.sk);
        const at = sk.indexOf('#');
        out.push({
          artifactNumber: sk.slice(0, at),
          connectionId: sk.slice(at + 1),
          count: Number(item.count ?? 0),
          imported: Number(item.imported ?? 0),
        });
      }
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return out;
  }

  async dayCounts(
    scope: DocumentScope,
    fromDay: string,
    toDay: string,
  ): Promise<DocumentDayCounts[]> {
    if (fromDay > toDay) return [];
    const db = await this.db();
    const shards = await Promise.all(
      Array.from({ length: DOCUMENT_STATS_SHARDS }, (_, shard) =>
        queryAll(db, {
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': documentStatsPartition(scope, shard),
            ':from': fromDay,
            ':to': toDay,
          },
          ConsistentRead: true,
        }),
      ),
    );
    return mergeDays(shards.flat().map((item) => dayCountsOf(String(item.sk), item)));
  }

  async heldCounts(scope: DocumentScope): Promise<HeldCounts> {
    const items = await batchGetAll(
      await this.db(),
      this.tableName,
      Array.from({ length: DOCUMENT_STATS_SHARDS }, (_, shard) =>
        documentStatsHeldKey(scope, shard),
      ),
      'held counts',
    );
    return sumHeldCounts(items.map(heldCountsOf));
  }

  async inbox(systemId: string, afterSeq: number, limit: number): Promise<InboxPage> {
    const { client, sdk } = await this.db();
    const from = inboxEntryKey(systemId, afterSeq);
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        ExpressionAttributeValues: { ':pk': from.pk, ':after': from.sk },
        Limit: limit + 1,
        ConsistentRead: true,
      }),
    );
    const items = out.Items ?? [];
    return {
      entries: items.slice(0, limit).map((item) => ({
        seq: Number(item.sk),
        documentId: String(item.documentId),
      })),
      hasMore: items.length > limit,
    };
  }

  async page(request: DocumentPageRequest): Promise<DocumentPage> {
    const { client, sdk } = await this.db();
    const { index, attribute } = DOCUMENT_INDEXES[request.list];
    const key =
      request.list === 'hub'
        ? DOCUMENT_HUB_KEY
        : request.list === 'held'
          ? DOCUMENT_HELD_KEY
          : request.key;
    // gSent is `<sentAt>#<id>`: an ISO time bound sorts just before or after every id of it.
    const lower = request.sentFrom ?? '0';
    const upper = request.sentBefore ?? '~';
    const out = await client.send(
      new sdk.QueryCommand({
        TableName: this.tableName,
        IndexName: index,
        KeyConditionExpression: '#k = :k AND gSent BETWEEN :lower AND :upper',
        ExpressionAttributeNames: { '#k': attribute },
        ExpressionAttributeValues: { ':k': key, ':lower': lower, ':upper': upper },
        ScanIndexForward: false,
        Limit: request.limit,
        ...(request.after === undefined
          ? {}
          : {
              ExclusiveStartKey: {
                [attribute]: key,
                gSent: request.after,
                ...documentKey(request.after.slice(request.after.lastIndexOf('#') + 1)),
              },
            }),
      }),
    );
    const items = out.Items ?? [];
    const last: unknown = out.LastEvaluatedKey?.gSent;
    return {
      records: items.map(recordOf),
      last: typeof last === 'string' ? last : null,
    };
  }
}
