import { CreateTableCommand, DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoUserIndex } from '@ccsc/lambdas/adapters';
import { TABLES } from '@ccsc/lambdas/data-model';
import type { IndexedUser } from '@ccsc/lambdas/adapters';

/** The user index adapter on dynalite, in a table of its own (the console's index is shared). */

const c = inject('console');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const raw = new DynamoDBClient({ region: c.region, endpoint: c.dynamodbEndpoint, credentials });

/** Counts the whole-partition reads, to tell a catch-up from a re-read. */
const counting = () => {
  const doc = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
  const counts = { rowReads: 0 };
  const send = doc.send.bind(doc) as (command: unknown) => Promise<unknown>;
  (doc as unknown as { send: (command: unknown) => Promise<unknown> }).send = (command) => {
    const input = (command as { input?: { ExpressionAttributeValues?: Record<string, unknown> } })
      .input;
    if (input?.ExpressionAttributeValues?.[':pk'] === 'USERINDEX' && !('IndexName' in input)) {
      counts.rowReads += 1;
    }
    return send(command);
  };
  return { doc, counts };
};

const user = (n: number, overrides: Partial<IndexedUser> = {}): IndexedUser => ({
  userName: `sub-${n}`,
  email: `user${String(n).padStart(3, '0')}@example.com`,
  emailVerified: true,
  givenName: `Given${n}`,
  familyName: `Family${n}`,
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'site-berlin-mitte',
  enabled: true,
  status: 'CONFIRMED',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
  mfaEnrolled: true,
  locked: false,
  ...overrides,
});

describe('DynamoUserIndex', () => {
  const table = `ccsc-it-users-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    const gsi = TABLES.main.indexes[0];
    await raw.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', gsi.partitionKey, gsi.sortKey].map((n) => ({
          AttributeName: n,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi.name,
            KeySchema: [
              { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  });

  it('keeps a copy current by catching up on the change log, not re-reading every row', async () => {
    const { doc, counts } = counting();
    const index = new DynamoUserIndex(doc, table);
    expect(await index.isBuilt()).toBe(false);
    for (const n of [1, 2, 3]) await index.put(user(n));
    await index.markBuilt();
    expect(await index.isBuilt()).toBe(true);
    expect((await index.all()).map((u) => u.userName).sort()).toEqual(['sub-1', 'sub-2', 'sub-3']);
    expect(counts.rowReads).toBe(1);
    const again = await index.all();
    expect(again).toBe(await index.all()); // unchanged: the same copy

    await index.put(user(2, { enabled: false, updatedAt: new Date('2026-02-01T00:00:00Z') }));
    await index.remove('sub-3');
    await index.put(user(4));
    const caughtUp = await index.all();
    expect(caughtUp.map((u) => [u.userName, u.enabled]).sort()).toEqual([
      ['sub-1', true],
      ['sub-2', false],
      ['sub-4', true],
    ]);
    expect(counts.rowReads).toBe(1);
  });

  it('keeps the newer state of a user when an older one arrives last', async () => {
    const index = new DynamoUserIndex(counting().doc, table);
    await index.put(user(1, { givenName: 'Older', updatedAt: new Date('2026-01-01T12:00:00Z') }));
    expect((await index.all()).find((u) => u.userName === 'sub-1')?.givenName).toBe('Given1');
  });

  it('re-reads every row when a change is missing from the log', async () => {
    const { doc, counts } = counting();
    const index = new DynamoUserIndex(doc, table);
    await index.all();
    // A writer that raised the version and stopped before logging its change.
    await raw.send(
      new UpdateItemCommand({
        TableName: table,
        Key: { pk: { S: 'USERINDEX#VERSION' }, sk: { S: 'VERSION' } },
        UpdateExpression: 'ADD version :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
    );
    const before = counts.rowReads;
    await index.put(user(5));
    expect((await index.all()).map((u) => u.userName)).toContain('sub-5');
    expect(counts.rowReads).toBe(before + 1);
  });

  it('pages through every row in e-mail order', async () => {
    const index = new DynamoUserIndex(counting().doc, table);
    const emails: string[] = [];
    for await (const page of index.pages()) emails.push(...page.map((u) => u.email));
    expect(emails).toEqual([...emails].sort());
    expect(emails).toContain('user005@example.com');
    expect(emails).not.toContain('user003@example.com');
  });
});
