import {
  CreateTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoInvitations, DynamoUserIndex } from '@ccsc/lambdas/adapters';
import { invitationKey, TABLES, tableName } from '@ccsc/lambdas/data-model';
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
  invitationSentAt: null,
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

  it('carries when the invitation was sent, and reads a row written before that as none', async () => {
    const index = new DynamoUserIndex(counting().doc, table);
    const sentAt = '2026-02-10T08:00:00.000Z';
    await index.put(
      user(6, { status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false, invitationSentAt: sentAt }),
    );
    expect((await index.all()).find((u) => u.userName === 'sub-6')?.invitationSentAt).toBe(sentAt);
    // A row as the index wrote it before issue 18: no invitationSentAt at all.
    await raw.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: 'USERINDEX' },
          sk: { S: 'USER#sub-7' },
          gsi1pk: { S: 'USERINDEX' },
          gsi1sk: { S: 'user007@example.com#sub-7' },
          userName: { S: 'sub-7' },
          email: { S: 'user007@example.com' },
          emailVerified: { BOOL: true },
          givenName: { NULL: true },
          familyName: { NULL: true },
          phoneNumber: { NULL: true },
          role: { S: 'Auditor' },
          organisationId: { NULL: true },
          enabled: { BOOL: true },
          status: { S: 'CONFIRMED' },
          createdAt: { S: '2026-01-01T00:00:00.000Z' },
          updatedAt: { S: '2026-01-01T00:00:00.000Z' },
          mfaEnrolled: { BOOL: true },
          locked: { BOOL: false },
        },
      }),
    );
    const rows: IndexedUser[] = [];
    for await (const page of index.pages()) rows.push(...page);
    expect(rows.find((u) => u.userName === 'sub-7')).toMatchObject({
      email: 'user007@example.com',
      invitationSentAt: null,
    });
    expect(rows.find((u) => u.userName === 'sub-6')?.invitationSentAt).toBe(sentAt);
  });
});

describe('DynamoInvitations', () => {
  it('records when an invitation was sent beside the account lock, the last time standing', async () => {
    const doc = DynamoDBDocumentClient.from(raw);
    const invitations = new DynamoInvitations(doc, tableName('local', TABLES.main));
    const userName = `it-${randomUUID()}`;
    expect(await invitations.sentAt(userName)).toBeNull();
    await invitations.recordSent(userName, new Date('2026-03-01T09:00:00.000Z'));
    await invitations.recordSent(userName, new Date('2026-03-04T09:00:00.000Z'));
    expect(await invitations.sentAt(userName)).toEqual(new Date('2026-03-04T09:00:00.000Z'));
    expect(invitationKey(userName)).toEqual({ pk: `USER#${userName}`, sk: 'INVITATION' });
  });
});
