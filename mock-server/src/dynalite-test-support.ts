import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { TABLES } from '@ccsc/lambdas/data-model';
import { toCreateTableInput } from './provision';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { type RunningDynamoDb, startDynamoDb } from './services/dynamodb';

/**
 * For the tests that run our DynamoDB adapters on dynalite (registry-store, seed-stored): a
 * dynalite of the test file's own, started before its tests in a temporary folder and removed
 * after them, its SDK clients, and a new main table (named `<prefix>-<n>-main`) on demand.
 */
export const useDynaliteTables = (prefix: string) => {
  let dataDir = '';
  let dynamodb: RunningDynamoDb | undefined;
  let raw: DynamoDBClient | undefined;
  let documents: DynamoDBDocumentClient | undefined;
  let tables = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    dynamodb = await startDynamoDb({ directory: dataDir, host: '127.0.0.1', port: 0 });
    raw = new DynamoDBClient({
      region: REGION,
      endpoint: dynamodb.url,
      credentials: LOCAL_CREDENTIALS,
    });
    documents = DynamoDBDocumentClient.from(raw, {
      marshallOptions: { removeUndefinedValues: true },
    });
  });

  afterAll(async () => {
    raw?.destroy();
    await dynamodb?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('dynalite starts in beforeAll: use it in a test.');
    return value;
  };

  return {
    get url() {
      return started(dynamodb).url;
    },
    get raw() {
      return started(raw);
    },
    get documents() {
      return started(documents);
    },
    newTable: async (): Promise<string> => {
      tables += 1;
      const name = `${prefix}-${String(tables)}-main`;
      const client = started(raw);
      await client.send(
        new CreateTableCommand(toCreateTableInput({ name, definition: TABLES.main })),
      );
      // dynalite makes a new table ACTIVE a moment after it answers.
      while (
        (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus !==
        'ACTIVE'
      ) {
        await delay(5);
      }
      return name;
    },
  };
};
