import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { idOf, type RegistryChange, type RegistryRecord } from '@ccsc/lambdas/adapters';
import {
  REGISTRY_PARTITIONS,
  REGISTRY_SHARDS,
  REGISTRY_VERSION_KEY,
  registryClaimKey,
  registryPartition,
  registryRecordKey,
  registryUseKey,
} from '@ccsc/lambdas/data-model';

/**
 * Registry changes written in bulk, for the offline seed and the bench: the records, claims, use
 * counts and version that committing the changes one after another through the registry's
 * adapter (lambdas/src/adapters/dynamodb-registry.ts) leaves in the main table, written with
 * BatchWriteItem instead of one transaction per change. Offline, every transaction item costs a
 * few milliseconds (dynalite has no transactions; mock-server/src/services/dynamodb-transactions.ts
 * makes them item by item), so the seed's ~300 items took 2-3 s of the first start and the bench's
 * ~130,000 in 76,000 changes would take most of an hour; in bulk they take 0.1 s and a minute.
 *
 * What a commit checks is checked here, on the registry as read before the load: a record created
 * must not exist, a record changed must be at the revision the change names, a claim must be free.
 * Not supported (refused): guards and removals. The change log is not written: it only lets a
 * reader holding a copy at an older version catch up, and the version moves past every such copy,
 * which then reads the whole registry again, as after a log that expired. One writer at a time:
 * nothing else may commit while the load runs (the version is raised last, on the condition that
 * it is still the one read first). seed-network.test.ts checks that the items equal those the
 * adapter's commits leave.
 */

type AnyRecord = RegistryRecord['record'];
type Item = Record<string, unknown>;

/** BatchWriteItem's limit. */
const BATCH = 25;

const queryAll = async (
  client: DynamoDBDocumentClient,
  input: QueryCommandInput,
): Promise<Item[]> => {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out = await client.send(
      new QueryCommand({ ...input, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
};

/** What the registry holds before the load, as far as the load's checks need it. */
interface Before {
  version: number;
  revisions: Map<string, number>;
  claims: Set<string>;
  uses: Map<string, number>;
}

const readBefore = async (client: DynamoDBDocumentClient, tableName: string): Promise<Before> => {
  const version = await client.send(
    new GetCommand({ TableName: tableName, Key: REGISTRY_VERSION_KEY, ConsistentRead: true }),
  );
  const at = typeof version.Item?.version === 'number' ? version.Item.version : 0;
  const before: Before = { version: at, revisions: new Map(), claims: new Set(), uses: new Map() };
  // Never committed: whatever registry items there are were left by a load cut short, which
  // this one writes again.
  if (at === 0) return before;
  const partitions = Object.keys(REGISTRY_PARTITIONS).flatMap((type) =>
    Array.from({ length: REGISTRY_SHARDS }, (_, shard) => ({
      type,
      pk: registryPartition(type as keyof typeof REGISTRY_PARTITIONS, shard),
    })),
  );
  const [records, claims, uses] = await Promise.all([
    Promise.all(
      partitions.map(async ({ type, pk }) =>
        (
          await queryAll(client, {
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': pk },
            ProjectionExpression: 'sk, revision',
          })
        ).map((item) => [`${type}#${String(item.sk)}`, Number(item.revision)] as const),
      ),
    ),
    queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': registryClaimKey('').pk },
      ProjectionExpression: 'sk',
    }),
    queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': registryUseKey('').pk },
    }),
  ]);
  for (const [key, revision] of records.flat()) before.revisions.set(key, revision);
  for (const item of claims) before.claims.add(String(item.sk));
  for (const item of uses) before.uses.set(String(item.sk), Number(item.open ?? 0));
  return before;
};

/** Writes (puts and deletes) in batches, a few at a time, unprocessed items sent again. */
const writeAll = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  requests: ({ PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } })[],
  concurrency: number,
): Promise<void> => {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      let pending = requests.slice(next, next + BATCH);
      next += BATCH;
      for (let round = 0; pending.length > 0; round += 1) {
        if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** round)));
        const out = await client.send(
          new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
        );
        pending = (out.UnprocessedItems?.[tableName] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
};

export interface LoadResult {
  /** The registry's version after the load: the version before plus one per change. */
  version: number;
  records: number;
  claims: number;
  uses: number;
  /** Items written, all told. */
  items: number;
}

/** Writes what committing `changes` in order would leave (see above); throws as a commit would. */
export const loadRegistry = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  changes: readonly RegistryChange[],
  options: { now?: () => Date; concurrency?: number } = {},
): Promise<LoadResult> => {
  const before = await readBefore(client, tableName);
  const revisions = new Map(before.revisions);
  const claims = new Map<string, string | null>([...before.claims].map((k) => [k, null]));
  const uses = new Map(before.uses);
  const records = new Map<string, { item: RegistryRecord; record: AnyRecord }>();
  const claimsWritten = new Map<string, string>();
  const claimsReleased = new Set<string>();
  const usesWritten = new Set<string>();

  for (const change of changes) {
    if ((change.guards ?? []).length > 0 || (change.removals ?? []).length > 0) {
      throw new Error(
        `loadRegistry: ${change.writeId} has guards or removals, which it cannot make`,
      );
    }
    const seen = new Set<string>();
    for (const { item, expectedRevision } of change.puts) {
      const key = `${item.type}#${idOf(item)}`;
      if (seen.has(key)) throw new Error(`loadRegistry: ${key} is put twice in ${change.writeId}`);
      seen.add(key);
      const now = revisions.get(key);
      if (expectedRevision === null ? now !== undefined : now !== expectedRevision) {
        throw new Error(
          `loadRegistry: ${key} is at revision ${String(now ?? 'none')}, ` +
            `${change.writeId} expects ${String(expectedRevision ?? 'none')}`,
        );
      }
      const record = {
        ...item.record,
        revision: (expectedRevision ?? 0) + 1,
        writeId: change.writeId,
      };
      revisions.set(key, record.revision);
      records.set(key, { item, record });
    }
    // A key both released and claimed in one change stays held (ports/registry.ts).
    const claimed = new Set((change.claims ?? []).map((c) => c.key));
    const released = new Set(change.releases ?? []);
    for (const key of released) {
      if (claimed.has(key)) continue;
      claims.delete(key);
      claimsWritten.delete(key);
      claimsReleased.add(key);
    }
    for (const claim of change.claims ?? []) {
      if (released.has(claim.key)) continue;
      if (claims.has(claim.key)) throw new Error(`loadRegistry: ${claim.message}`);
      claims.set(claim.key, change.writeId);
      claimsWritten.set(claim.key, change.writeId);
      claimsReleased.delete(claim.key);
    }
    const sums = new Map<string, number>();
    for (const use of change.uses ?? []) sums.set(use.key, (sums.get(use.key) ?? 0) + use.by);
    for (const [key, by] of sums) {
      if (by === 0) continue;
      uses.set(key, (uses.get(key) ?? 0) + by);
      usesWritten.add(key);
    }
  }

  const claimedAt = (options.now?.() ?? new Date()).toISOString();
  const requests = [
    ...[...records.values()].map(({ item, record }) => ({
      PutRequest: {
        Item: { ...registryRecordKey(item.type, idOf(item)), type: item.type, ...record },
      },
    })),
    ...[...claimsWritten].map(([key, writeId]) => ({
      PutRequest: { Item: { ...registryClaimKey(key), writeId, claimedAt } },
    })),
    ...[...claimsReleased]
      .filter((key) => before.claims.has(key))
      .map((key) => ({ DeleteRequest: { Key: registryClaimKey(key) } })),
    ...[...usesWritten].map((key) => ({
      PutRequest: { Item: { ...registryUseKey(key), open: uses.get(key) ?? 0 } },
    })),
  ];
  await writeAll(client, tableName, requests, options.concurrency ?? 4);
  const version = before.version + changes.length;
  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...REGISTRY_VERSION_KEY, version },
      ...(before.version === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :before',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':before': before.version },
          }),
    }),
  );
  return {
    version,
    records: records.size,
    claims: claimsWritten.size,
    uses: usesWritten.size,
    items: requests.length + 1,
  };
};
