import { performance } from 'node:perf_hooks';
import {
  type AttributeDefinition,
  type AttributeValue,
  BatchWriteItemCommand,
  type CreateTableCommandInput,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type KeySchemaElement,
  ListTablesCommand,
  type Projection,
  ResourceNotFoundException as TableNotFoundException,
  ScanCommand,
  type TableDescription,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';

/**
 * The declared DynamoDB tables: created when missing, and rebuilt with their declared indexes
 * when an older data folder lacks one (dynalite cannot add an index to a table).
 */

/** A table keyed the way lambdas/src/data-model.ts declares them. */
export interface KeyedTableDefinition {
  readonly partitionKey: string;
  readonly sortKey?: string;
  readonly indexes?: readonly {
    readonly name: string;
    readonly partitionKey: string;
    readonly sortKey?: string;
  }[];
}

/** A table to have: a CreateTable input as is, or a name plus a keyed definition. */
export type TableSpec =
  CreateTableCommandInput | { name: string; definition: KeyedTableDefinition };

const keySchema = (partitionKey: string, sortKey?: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  ...(sortKey === undefined ? [] : [{ AttributeName: sortKey, KeyType: 'RANGE' as const }]),
];

/** On-demand, string keys, indexes projecting everything: as the CDK data construct declares. */
export const toCreateTableInput = (spec: TableSpec): CreateTableCommandInput => {
  if (!('definition' in spec)) return spec;
  const { partitionKey, sortKey, indexes = [] } = spec.definition;
  const names = new Set([partitionKey, sortKey]);
  for (const index of indexes) names.add(index.partitionKey).add(index.sortKey);
  names.delete(undefined);
  return {
    TableName: spec.name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...names].map((name) => ({
      AttributeName: String(name),
      AttributeType: 'S' as const,
    })),
    KeySchema: keySchema(partitionKey, sortKey),
    ...(indexes.length > 0
      ? {
          GlobalSecondaryIndexes: indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
};

/** Says what provisioning did beyond creating what was missing (a table rebuilt): one line each. */
export type ProvisionLog = (line: string) => void;

/** Where a table being rebuilt is kept meanwhile (ensureTables). */
export const rebuildTableName = (table: string) => `${table}--rebuild`;

type Item = Record<string, AttributeValue>;
type Dynamo = Pick<DynamoDBClient, 'send'>;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the table is ACTIVE with its indexes, or gone. dynalite runs with createTableMs and
 * deleteTableMs 0 (a tick); a dynalite of docker-compose's may take its default half second.
 */
const waitForTable = async (dynamodb: Dynamo, name: string, until: 'ACTIVE' | 'GONE') => {
  for (let attempt = 0; ; attempt += 1) {
    let table: TableDescription | undefined;
    try {
      table = (await dynamodb.send(new DescribeTableCommand({ TableName: name }))).Table;
    } catch (err) {
      if (!(err instanceof TableNotFoundException)) throw err;
    }
    if (until === 'GONE' ? table === undefined : isActive(table)) return;
    if (attempt > 500) {
      throw new Error(`Table ${name} did not ${until === 'GONE' ? 'go away' : 'become ACTIVE'}`);
    }
    await delay(20);
  }
};

const isActive = (table: TableDescription | undefined) =>
  table?.TableStatus === 'ACTIVE' &&
  (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');

const createTable = async (dynamodb: Dynamo, input: CreateTableCommandInput) => {
  await dynamodb.send(new CreateTableCommand(input));
  await waitForTable(dynamodb, String(input.TableName), 'ACTIVE');
};

const deleteTable = async (dynamodb: Dynamo, name: string) => {
  await dynamodb.send(new DeleteTableCommand({ TableName: name }));
  await waitForTable(dynamodb, name, 'GONE');
};

const keysText = (keys: readonly KeySchemaElement[] | undefined) =>
  JSON.stringify((keys ?? []).map((k) => [k.AttributeName, k.KeyType]));

const attributeType = (
  definitions: readonly AttributeDefinition[] | undefined,
  name: string | undefined,
) => definitions?.find((d) => d.AttributeName === name)?.AttributeType;

/** Whether two key schemas name the same attributes, in the same roles, of the same types. */
const sameKeys = (
  want: { keys?: KeySchemaElement[]; types?: AttributeDefinition[] },
  have: { keys?: KeySchemaElement[]; types?: AttributeDefinition[] },
) =>
  keysText(want.keys) === keysText(have.keys) &&
  (want.keys ?? []).every(
    (k) =>
      attributeType(want.types, k.AttributeName) === attributeType(have.types, k.AttributeName),
  );

const projectionText = (projection: Projection | undefined) =>
  JSON.stringify([projection?.ProjectionType, [...(projection?.NonKeyAttributes ?? [])].sort()]);

/**
 * The declared global secondary indexes the table lacks or has otherwise (keys, their types,
 * projection). Indexes it has that are no longer declared do not count: they are left.
 */
export const missingIndexes = (
  declared: CreateTableCommandInput,
  found: TableDescription,
): string[] =>
  (declared.GlobalSecondaryIndexes ?? [])
    .filter((want) => {
      const have = found.GlobalSecondaryIndexes?.find((i) => i.IndexName === want.IndexName);
      return (
        have === undefined ||
        !sameKeys(
          { keys: want.KeySchema, types: declared.AttributeDefinitions },
          { keys: have.KeySchema, types: found.AttributeDefinitions },
        ) ||
        projectionText(have.Projection) !== projectionText(want.Projection)
      );
    })
    .map((index) => String(index.IndexName));

/** Every item of the table, a page at a time, as stored (strongly consistent, as DynamoDB can). */
async function* scanPages(dynamodb: Dynamo, table: string, keyNames?: readonly string[]) {
  const projection =
    keyNames === undefined
      ? {}
      : {
          ProjectionExpression: keyNames.map((_, i) => `#k${String(i)}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(
            keyNames.map((n, i) => [`#k${String(i)}`, n]),
          ),
        };
  let start: Item | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({
        TableName: table,
        ConsistentRead: true,
        ExclusiveStartKey: start,
        ...projection,
      }),
    );
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
}

const countItems = async (dynamodb: Dynamo, table: string) => {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({
        TableName: table,
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
};

/** One BatchWriteItem of up to 25 puts, sent again for what DynamoDB left unprocessed. */
const putBatch = async (dynamodb: Dynamo, table: string, items: readonly Item[]) => {
  let pending: WriteRequest[] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) {
      if (attempt > 12) {
        throw new Error(`${String(pending.length)} items could not be written to table ${table}`);
      }
      await delay(Math.min(25 * 2 ** attempt, 2000));
    }
    const { UnprocessedItems } = await dynamodb.send(
      new BatchWriteItemCommand({ RequestItems: { [table]: pending } }),
    );
    pending = UnprocessedItems?.[table] ?? [];
  }
};

/** Batches of one scan page written this many at a time. */
const WRITE_CONCURRENCY = 4;

/**
 * Writes into `to` every item of `from` whose key `to` does not have, exactly as scanned (every
 * attribute, byte for byte), then checks `to` holds what it held plus what was written. An item
 * already there stays as it is. Returns how many items `from` has.
 */
const copyMissing = async (
  dynamodb: Dynamo,
  from: string,
  to: string,
  keyNames: readonly string[],
) => {
  const keyOf = (item: Item) => JSON.stringify(keyNames.map((name) => item[name]));
  const there = new Set<string>();
  for await (const page of scanPages(dynamodb, to, keyNames)) {
    for (const item of page) there.add(keyOf(item));
  }
  let scanned = 0;
  let written = 0;
  for await (const page of scanPages(dynamodb, from)) {
    scanned += page.length;
    const missing = page.filter((item) => !there.has(keyOf(item)));
    written += missing.length;
    const batches: Item[][] = [];
    for (let i = 0; i < missing.length; i += 25) batches.push(missing.slice(i, i + 25));
    for (let i = 0; i < batches.length; i += WRITE_CONCURRENCY) {
      await Promise.all(
        batches.slice(i, i + WRITE_CONCURRENCY).map((batch) => putBatch(dynamodb, to, batch)),
      );
    }
  }
  const expected = there.size + written;
  const counted = await countItems(dynamodb, to);
  if (counted !== expected) {
    throw new Error(
      `Copying table ${from} into ${to} left ${String(counted)} items where ${String(expected)} ` +
        `were expected; both tables are kept as they are.`,
    );
  }
  return scanned;
};

/**
 * Gives a table of the data folder the definition declared for it, keeping every item: dynalite
 * takes UpdateTable's new global secondary indexes and ignores them, so the table is copied into
 * `<name>--rebuild` (created without indexes), counted, deleted, created as declared, filled
 * again from the copy, and the copy deleted. Every step can be cut short: the next start finishes
 * the work from what it finds (a copy and no table: the table was deleted, restore it; a copy
 * beside a table already as declared: finish filling it; a copy beside a table not yet rebuilt:
 * complete the copy, then rebuild). A copy never loses an item it holds, and items are only ever
 * added where their key is missing, so no step taken twice changes what a first one wrote.
 */
const rebuildTable = async (
  dynamodb: Dynamo,
  input: CreateTableCommandInput,
  found: TableDescription | undefined,
  missing: readonly string[],
  leftover: boolean,
  log: ProvisionLog,
) => {
  const startedAt = performance.now();
  const name = String(input.TableName);
  const copy = rebuildTableName(name);
  const keyNames = (input.KeySchema ?? []).map((k) => String(k.AttributeName));
  const copyInput: CreateTableCommandInput = {
    TableName: copy,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: input.KeySchema,
    AttributeDefinitions: input.AttributeDefinitions?.filter((d) =>
      keyNames.includes(String(d.AttributeName)),
    ),
  };
  if (leftover) await waitForTable(dynamodb, copy, 'ACTIVE');
  const rebuild = found !== undefined && missing.length > 0;
  if (rebuild) {
    const keyed = { keys: input.KeySchema, types: input.AttributeDefinitions };
    if (!sameKeys(keyed, { keys: found.KeySchema, types: found.AttributeDefinitions })) {
      throw new Error(
        `Table ${name} in the data folder is keyed ${keysText(found.KeySchema)}, not ` +
          `${keysText(input.KeySchema)} as declared, so it cannot be rebuilt with its indexes ` +
          `(${missing.join(', ')}). Run \`npm run reset\` to start afresh.`,
      );
    }
    if (!leftover) await createTable(dynamodb, copyInput);
    await copyMissing(dynamodb, name, copy, keyNames);
    await deleteTable(dynamodb, name);
  }
  if (found === undefined || rebuild) await createTable(dynamodb, input);
  const items = await copyMissing(dynamodb, copy, name, keyNames);
  await deleteTable(dynamodb, copy);
  const took = `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
  const count = `${String(items)} item${items === 1 ? '' : 's'}`;
  log(
    rebuild
      ? `Rebuilt table ${name} with its declared indexes (${missing.join(', ')}): ${count} copied in ${took}.`
      : found === undefined
        ? `Restored table ${name} from ${copy}, left by a rebuild cut short: ${count} in ${took}.`
        : `Finished rebuilding table ${name}, cut short last time: ${count} in ${took}.`,
  );
};

/**
 * The declared tables: each one missing is created; one there is described, and rebuilt when it
 * lacks a declared global secondary index (or has it otherwise), which dynalite cannot add to a
 * table (rebuildTable). Indexes a table has that are no longer declared are left to it. A start
 * where every table is as declared costs one ListTables and one DescribeTable per table.
 */
export const ensureTables = async (
  dynamodb: Dynamo,
  tables: readonly TableSpec[],
  log: ProvisionLog,
): Promise<{ created: string[]; rebuilt: string[] }> => {
  const have = new Set<string>();
  let start: string | undefined;
  do {
    const page = await dynamodb.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) have.add(name);
    start = page.LastEvaluatedTableName;
  } while (start !== undefined);
  const outcomes = await Promise.all(
    tables.map(toCreateTableInput).map(async (input) => {
      const name = String(input.TableName);
      const leftover = have.has(rebuildTableName(name));
      if (!have.has(name) && !leftover) {
        await createTable(dynamodb, input);
        return { name, outcome: 'created' as const };
      }
      const found = have.has(name)
        ? (await dynamodb.send(new DescribeTableCommand({ TableName: name }))).Table
        : undefined;
      const missing = found === undefined ? [] : missingIndexes(input, found);
      if (missing.length === 0 && !leftover) return { name, outcome: 'unchanged' as const };
      await rebuildTable(dynamodb, input, found, missing, leftover, log);
      return { name, outcome: 'rebuilt' as const };
    }),
  );
  const named = (outcome: string) =>
    outcomes.filter((o) => o.outcome === outcome).map((o) => o.name);
  return { created: named('created'), rebuilt: named('rebuilt') };
};
