import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type CreateTableCommandInput,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '@ccsc/lambdas/data-model';
import { LOCAL_CREDENTIALS, REGION } from '../services/aws-local';
import { type RunningDynamoDb, startDynamoDb } from '../services/dynamodb';
import {
  ensureTables,
  type KeyedTableDefinition,
  rebuildTableName,
  toCreateTableInput,
} from './tables';

describe('toCreateTableInput', () => {
  it('turns a keyed definition into an on-demand table with string keys and full projections', () => {
    expect(
      toCreateTableInput({
        name: 'ccsc-local-main',
        definition: {
          partitionKey: 'pk',
          sortKey: 'sk',
          indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
        },
      }),
    ).toEqual({
      TableName: 'ccsc-local-main',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({
        AttributeName,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('leaves out what a definition does not have, and passes a CreateTable input through', () => {
    expect(toCreateTableInput({ name: 't', definition: { partitionKey: 'id' } })).toEqual({
      TableName: 't',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    });
    const raw = { TableName: 'raw', KeySchema: [], AttributeDefinitions: [] };
    expect(toCreateTableInput(raw)).toBe(raw);
  });
});
describe('ensureTables: an older data folder gets the indexes declared since', () => {
  let dataDir = '';
  let dynamodb: RunningDynamoDb | undefined;
  let client: DynamoDBClient | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-provision-tables-'));
    dynamodb = await startDynamoDb({ directory: dataDir, host: '127.0.0.1', port: 0 });
    client = new DynamoDBClient({
      region: REGION,
      endpoint: dynamodb.url,
      credentials: LOCAL_CREDENTIALS,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await dynamodb?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => {
    if (client === undefined) throw new Error('dynalite did not start');
    return client;
  };
  let tables = 0;
  const auditName = () => {
    tables += 1;
    return `ccsc-t${String(tables)}-audit`;
  };
  const declared = (name: string) => ({ name, definition: TABLES.audit });
  const create = async (input: CreateTableCommandInput) => {
    await db().send(new CreateTableCommand(input));
    const name = String(input.TableName);
    while (
      (await db().send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus !==
      'ACTIVE'
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  /** The audit table as a data folder made before issue 18 has it: no indexes. */
  const createOld = (name: string, definition: KeyedTableDefinition = TABLES.audit) =>
    create(toCreateTableInput({ name, definition: { ...definition, indexes: [] } }));
  const put = async (table: string, items: readonly Record<string, AttributeValue>[]) => {
    for (let i = 0; i < items.length; i += 25) {
      await db().send(
        new BatchWriteItemCommand({
          RequestItems: {
            [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
  };
  const scanAll = async (table: string) => {
    const items: Record<string, AttributeValue>[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await db().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    const key = (item: Record<string, AttributeValue>) => `${item.pk?.S ?? ''}|${item.sk?.S ?? ''}`;
    return items.sort((a, b) => key(a).localeCompare(key(b)));
  };
  const tableNames = async () => (await db().send(new ListTablesCommand({}))).TableNames ?? [];
  const indexNames = async (table: string) =>
    (
      await db().send(new DescribeTableCommand({ TableName: table }))
    ).Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort();

  /**
   * Audit records, some in the indexes' views, with every kind of attribute value; 150 of them,
   * ~10 KB each, so that copying takes more than one scan page (1 MB) and many batches.
   */
  const records = (): Record<string, AttributeValue>[] =>
    Array.from({ length: 150 }, (_, n) => {
      const seq = String(n).padStart(6, '0');
      const at = `2026-03-01T10:00:${String(n % 60).padStart(2, '0')}.000Z#${seq}`;
      return {
        pk: { S: 'AUDIT' },
        sk: { S: seq },
        payload: { S: 'x'.repeat(10_000) },
        seq: { N: String(n) },
        hash: { B: new Uint8Array([n % 256, 0, 255, 7]) },
        flags: { SS: ['a', `b${String(n)}`] },
        nums: { NS: ['1', '2.5'] },
        detail: {
          M: { ok: { BOOL: n % 2 === 0 }, none: { NULL: true }, list: { L: [{ S: 'é✓' }] } },
        },
        ...(n % 3 === 0 ? { gSec: { S: 'ALL' }, gAt: { S: at } } : {}),
        ...(n % 3 === 0 && n % 2 === 0 ? { gSecOrg: { S: 'org-1' } } : {}),
        ...(n % 3 === 1 ? { gChg: { S: 'ALL' }, gChgOrg: { S: 'org-2' }, gAt: { S: at } } : {}),
      };
    });
  const securityRecords = (table: string) =>
    db().send(
      new QueryCommand({
        TableName: table,
        IndexName: 'security',
        KeyConditionExpression: 'gSec = :all',
        ExpressionAttributeValues: { ':all': { S: 'ALL' } },
        ScanIndexForward: false,
      }),
    );
  const expectRebuilt = async (table: string, items: readonly Record<string, AttributeValue>[]) => {
    expect(await indexNames(table)).toEqual([
      'changes',
      'changesByOrg',
      'security',
      'securityByOrg',
    ]);
    expect(await scanAll(table)).toEqual(items);
    expect(await tableNames()).not.toContain(rebuildTableName(table));
    const found = await securityRecords(table);
    expect(found.Items).toHaveLength(50);
    expect(found.Items?.map((i) => i.sk?.S)).toEqual(
      items
        .filter((i) => i.gSec !== undefined)
        .sort((a, b) => (b.gAt?.S ?? '').localeCompare(a.gAt?.S ?? ''))
        .map((i) => i.sk?.S),
    );
    // Byte for byte: what the scan gives back is what was put, binaries and sets included.
    expect(found.Items?.find((i) => i.sk?.S === '000003')).toEqual(
      items.find((i) => i.sk?.S === '000003'),
    );
  };

  it('rebuilds the audit table with its indexes, every item intact; then leaves it alone', async () => {
    const table = auditName();
    await createOld(table);
    const items = records();
    await put(table, items);
    const before = await scanAll(table);
    await expect(securityRecords(table)).rejects.toMatchObject({ name: 'ValidationException' });

    const lines: string[] = [];
    const result = await ensureTables(db(), [declared(table)], (line) => lines.push(line));
    expect(result).toEqual({ created: [], rebuilt: [table] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Rebuilt table ${table} with its declared indexes \\(security, securityByOrg, changes, changesByOrg\\): 150 items copied in \\d+\\.\\d s\\.$`,
      ),
    );
    expect(before).toEqual(await scanAll(table));
    await expectRebuilt(table, items);

    expect(await ensureTables(db(), [declared(table)], (line) => lines.push(line))).toEqual({
      created: [],
      rebuilt: [],
    });
    expect(lines).toHaveLength(1);
  });

  it('creates a missing table, and leaves an extra index that is no longer declared', async () => {
    const table = auditName();
    const lines: string[] = [];
    const withExtra = {
      name: table,
      definition: {
        ...TABLES.audit,
        indexes: [...TABLES.audit.indexes, { name: 'old', partitionKey: 'gOld', sortKey: 'gAt' }],
      },
    };
    expect(await ensureTables(db(), [withExtra], (line) => lines.push(line))).toEqual({
      created: [table],
      rebuilt: [],
    });
    expect(await ensureTables(db(), [declared(table)], (line) => lines.push(line))).toEqual({
      created: [],
      rebuilt: [],
    });
    expect(await indexNames(table)).toContain('old');
    expect(lines).toEqual([]);
  });

  it('rebuilds an index declared otherwise than the table has it', async () => {
    const table = auditName();
    await create(
      toCreateTableInput({
        name: table,
        definition: {
          ...TABLES.audit,
          indexes: [{ name: 'security', partitionKey: 'gSec', sortKey: 'sk' }],
        },
      }),
    );
    const items = records();
    await put(table, items);
    const lines: string[] = [];
    expect(await ensureTables(db(), [declared(table)], (line) => lines.push(line))).toEqual({
      created: [],
      rebuilt: [table],
    });
    expect(lines[0]).toContain('(security, securityByOrg, changes, changesByOrg)');
    await expectRebuilt(table, items);
  });

  it('retries what BatchWriteItem leaves unprocessed', async () => {
    const table = auditName();
    await createOld(table);
    const items = records();
    await put(table, items);
    let unprocessed = 0;
    const flaky = {
      send: async (command: unknown) => {
        if (command instanceof BatchWriteItemCommand) {
          const [entry] = Object.entries(command.input.RequestItems ?? {});
          const [name, requests] = entry ?? ['', []];
          if (requests.length === 25) {
            // As DynamoDB does under load: the first half of a full batch written, the rest
            // handed back (and written when sent again).
            const half = Math.ceil(requests.length / 2);
            await db().send(
              new BatchWriteItemCommand({ RequestItems: { [name]: requests.slice(0, half) } }),
            );
            unprocessed += requests.length - half;
            return { UnprocessedItems: { [name]: requests.slice(half) } };
          }
        }
        return db().send(command as ScanCommand);
      },
    } as unknown as DynamoDBClient;
    expect(await ensureTables(flaky, [declared(table)], () => undefined)).toEqual({
      created: [],
      rebuilt: [table],
    });
    // Some in each direction (every full batch of each scan page).
    expect(unprocessed).toBeGreaterThan(2 * 12);
    await expectRebuilt(table, items);
  });

  describe('a rebuild cut short is finished at the next start', () => {
    const copyOf = async (table: string, items: readonly Record<string, AttributeValue>[]) => {
      const copy = rebuildTableName(table);
      await createOld(copy);
      await put(copy, items);
    };

    it('after the table was deleted: restored from the copy', async () => {
      const table = auditName();
      const items = records();
      await copyOf(table, items);
      const lines: string[] = [];
      expect(await ensureTables(db(), [declared(table)], (line) => lines.push(line))).toEqual({
        created: [],
        rebuilt: [table],
      });
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Restored table ${table} from ${table}--rebuild, left by a rebuild cut short: 150 items in `,
          ),
        ),
      ]);
      await expectRebuilt(table, items);
    });

    it('while the table was being filled again: the rest copied back', async () => {
      const table = auditName();
      const items = records();
      await copyOf(table, items);
      await create(toCreateTableInput(declared(table)));
      await put(table, items.slice(0, 40));
      const lines: string[] = [];
      expect(await ensureTables(db(), [declared(table)], (line) => lines.push(line))).toEqual({
        created: [],
        rebuilt: [table],
      });
      expect(lines).toEqual([
        expect.stringMatching(
          `^Finished rebuilding table ${table}, cut short last time: 150 items`,
        ),
      ]);
      await expectRebuilt(table, items);
    });

    it('while the copy was being made: the copy completed, then the rebuild', async () => {
      const table = auditName();
      const items = records();
      await createOld(table);
      await put(table, items);
      await copyOf(table, items.slice(0, 70));
      expect(await ensureTables(db(), [declared(table)], () => undefined)).toEqual({
        created: [],
        rebuilt: [table],
      });
      await expectRebuilt(table, items);
    });
  });

  it('refuses to rebuild a table keyed otherwise than declared, and leaves it as found', async () => {
    const table = auditName();
    await createOld(table, { partitionKey: 'id' });
    await put(table, [{ id: { S: 'one' } }]);
    await expect(ensureTables(db(), [declared(table)], () => undefined)).rejects.toThrow(
      `Table ${table} in the data folder is keyed [["id","HASH"]], not [["pk","HASH"],["sk","RANGE"]] as declared`,
    );
    expect(await tableNames()).not.toContain(rebuildTableName(table));
    expect(await scanAll(table)).toEqual([{ id: { S: 'one' } }]);
  });
});
