import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, REGION } from './aws-local';
import { type RunningDynamoDb, startDynamoDb } from './dynamodb';

/** TransactWriteItems in front of dynalite (dynamodb-transactions.ts), as the SDK sees it. */

let dir = '';
let dynamodb: RunningDynamoDb;
let client: DynamoDBClient;
const TABLE = 'transactions';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ccsc-transactions-'));
  dynamodb = await startDynamoDb({ directory: dir, host: '127.0.0.1', port: 0 });
  client = new DynamoDBClient({
    region: REGION,
    endpoint: dynamodb.url,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  while (
    (await client.send(new DescribeTableCommand({ TableName: TABLE }))).Table?.TableStatus !==
    'ACTIVE'
  ) {
    await delay(5);
  }
});

afterAll(async () => {
  client.destroy();
  await dynamodb.stop();
  await rm(dir, { recursive: true, force: true });
});

const key = (sk: string) => ({ pk: { S: 'p' }, sk: { S: sk } });
const get = async (sk: string) =>
  (await client.send(new GetItemCommand({ TableName: TABLE, Key: key(sk), ConsistentRead: true })))
    .Item;
const transact = (items: TransactWriteItem[]) =>
  client.send(new TransactWriteItemsCommand({ TransactItems: items }));

describe('TransactWriteItems on dynalite', () => {
  it('writes every item when every condition holds', async () => {
    await transact([
      { Put: { TableName: TABLE, Item: { ...key('a'), n: { N: '1' } } } },
      {
        Update: {
          TableName: TABLE,
          Key: key('b'),
          UpdateExpression: 'ADD n :one',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        },
      },
      {
        ConditionCheck: {
          TableName: TABLE,
          Key: key('absent'),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    expect(await get('a')).toMatchObject({ n: { N: '1' } });
    expect(await get('b')).toMatchObject({ n: { N: '1' } });
    // A condition check changes nothing, and creates nothing.
    expect(await get('absent')).toBeUndefined();
  });

  it('writes nothing when one condition fails, and says which (TransactionCanceledException)', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('c'), n: { N: '5' } } }),
    );
    const refused = transact([
      { Put: { TableName: TABLE, Item: { ...key('d'), n: { N: '1' } } } },
      {
        Update: {
          TableName: TABLE,
          Key: key('c'),
          UpdateExpression: 'SET n = :ten',
          ExpressionAttributeValues: { ':ten': { N: '10' } },
        },
      },
      {
        Delete: {
          TableName: TABLE,
          Key: key('a'),
          ConditionExpression: 'n = :two',
          ExpressionAttributeValues: { ':two': { N: '2' } },
        },
      },
    ]);
    await expect(refused).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(await get('d')).toBeUndefined();
    expect(await get('c')).toMatchObject({ n: { N: '5' } });
    expect(await get('a')).toMatchObject({ n: { N: '1' } });
  });

  it('refuses two operations on one item, and more than 100 items, as DynamoDB does', async () => {
    await expect(
      transact([
        { Put: { TableName: TABLE, Item: { ...key('e') } } },
        { Delete: { TableName: TABLE, Key: key('e') } },
      ]),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(
      transact(
        Array.from({ length: 101 }, (_, i) => ({
          Put: { TableName: TABLE, Item: { ...key(`many-${String(i)}`) } },
        })),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get('e')).toBeUndefined();
    expect(await get('many-0')).toBeUndefined();
  });
});
