import { jitteredBackoff } from './backoff';
import {
  ARTIFACT_COUNT_PREFIX,
  artifactCountKey,
  DOCUMENT_HELD_KEY,
  DOCUMENT_HUB_KEY,
  DOCUMENT_INDEXES,
  DOCUMENT_STATS_SHARDS,
  documentKey,
  documentStatsHeldKey,
  documentStatsPartition,
  idempotencyKey,
  inboxEntryKey,
  inboxHeadKey,
} from '../data-model';
import {
  type ArtifactCount,
  countChanges,
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
  sumHeldCounts,
} from '../core/ports/documents';
import { batchGetAll, isCancelled, isConditionFailure } from './clients/dynamodb';
import { DynamoTable, newItemPut } from './dynamodb-table';
import { queryAll } from './dynamodb-query';
import { inTurn } from './inbox-turns';
import {
  itemOf,
  recordOf,
  DELIVERY_ATTEMPTS,
  CONFLICT_ATTEMPTS,
  mergeDays,
  transaction,
  counterUpdates,
} from './dynamodb-document-items';

/** A delivery or a claim read that lost a race retries after jitteredBackoff, at most 0.5 s. */
const backoff = (attempt: number) => jitteredBackoff(attempt, 500);

/**
 * Documents in their own table (data-model.ts, "Documents"): one item per document, rewritten
 * whole on the revision it was made from; the idempotency keys and the inboxes beside them.
 */
export class DynamoDocumentStore extends DynamoTable implements DocumentStore {
  async get(documentId: string): Promise<DocumentRecord | null> {
    const item = await this.getItem(documentKey(documentId));
    return item === undefined ? null : recordOf(item);
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
      newItemPut(this.tableName, { ...claim, documentId: record.documentId }),
      newItemPut(this.tableName, itemOf(record)),
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
        const item = await this.getItem(claim);
        const existingId: unknown = item?.documentId;
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
      const item = await this.getItem(head);
      const seq = typeof item?.seq === 'number' ? item.seq : 0;
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
              newItemPut(this.tableName, {
                ...inboxEntryKey(next.receiverSystemId, seq + 1),
                documentId: next.documentId,
              }),
              {
                Put: {
                  TableName: this.tableName,
                  Item: itemOf(delivered),
                  ConditionExpression: 'revision = :revision',
                  ExpressionAttributeValues: { ':revision': expectedRevision },
                },
              },
              // What an import filed counts once, as imported (its row's ADD), not per delivery.
              ...(next.classification === null || (next.source ?? null) !== null
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
        ScanIndexForward: request.oldestFirst === true,
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
