import { jitteredBackoff } from './backoff';
import {
  ARTIFACT_COUNT_PREFIX,
  artifactCountKey,
  DOCUMENT_HELD_KEY,
  DOCUMENT_HUB_KEY,
  DOCUMENT_INDEXES,
  documentKey,
  documentSentKey,
  idempotencyKey,
  inboxEntryKey,
  inboxHeadKey,
} from '../data-model';
import type {
  ArtifactCount,
  DocumentPage,
  DocumentPageRequest,
  DocumentRecord,
  DocumentStore,
  InboxPage,
} from '../ports/documents';
import {
  batchGetAll,
  type DynamoAccess,
  type DynamoSource,
  dynamoAccess,
  isCancelled,
  isConditionFailure,
} from './clients/dynamodb';

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
    try {
      await client.send(
        new sdk.TransactWriteCommand({
          TransactItems: [
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
          ],
        }),
      );
      return { record, created: true };
    } catch (err) {
      if (!isCancelled(err)) throw err;
      // The same key sent twice at the same moment: the other's claim may take a moment to show.
      let existingId: unknown;
      for (let attempt = 0; attempt < 5 && typeof existingId !== 'string'; attempt += 1) {
        if (attempt > 0) await backoff(attempt);
        const out = await client.send(
          new sdk.GetCommand({ TableName: this.tableName, Key: claim, ConsistentRead: true }),
        );
        existingId = out.Item?.documentId;
      }
      if (typeof existingId !== 'string') throw err;
      const existing = await this.get(existingId);
      if (existing === null) throw err;
      return { record: existing, created: false };
    }
  }

  async update(next: DocumentRecord, expectedRevision: number): Promise<boolean> {
    const { client, sdk } = await this.db();
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: itemOf(next),
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': expectedRevision },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  deliver(next: DocumentRecord, expectedRevision: number): Promise<DocumentRecord | null> {
    return inTurn(next.receiverSystemId, () => this.deliverNow(next, expectedRevision));
  }

  private async deliverNow(
    next: DocumentRecord,
    expectedRevision: number,
  ): Promise<DocumentRecord | null> {
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
            TransactItems: [
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
            ],
          }),
        );
        return delivered;
      } catch (err) {
        if (!isCancelled(err)) throw err;
        const now = await this.get(next.documentId);
        if (now?.revision !== expectedRevision) return null;
        // Another delivery to the same inbox moved its head first: take the next number.
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
