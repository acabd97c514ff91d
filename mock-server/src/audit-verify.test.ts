import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CHAIN_PK, DynamoChainVerifications, sortKeyOf } from '@ccsc/lambdas/adapters';
import { dynamoAuditTrail } from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import {
  AUDIT_VERIFY_EXIT,
  auditVerifyTarget,
  LOCAL_AUDIT_TABLE,
  mainTableBeside,
  runAuditVerify,
} from './audit-verify';
import { ENVIRONMENT_NAME } from './console';
import { toCreateTableInput } from './provision';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { type RunningDynamoDb, startDynamoDb } from './services/dynamodb';

describe('which table `npm run audit:verify` checks', () => {
  it('is the offline console’s, at HOST:DYNAMODB_PORT or DYNAMODB_ENDPOINT', async () => {
    expect(LOCAL_AUDIT_TABLE).toBe(tableName(ENVIRONMENT_NAME, TABLES.audit));
    const byDefault = auditVerifyTarget({});
    expect(byDefault).toMatchObject({
      table: LOCAL_AUDIT_TABLE,
      mainTable: tableName(ENVIRONMENT_NAME, TABLES.main),
      where: 'the offline console (http://127.0.0.1:8000)',
    });
    expect(await byDefault.client.config.region()).toBe(REGION);
    expect(auditVerifyTarget({ DYNAMODB_PORT: '8123', HOST: '0.0.0.0' }).where).toContain(
      'http://127.0.0.1:8123',
    );
    expect(auditVerifyTarget({ DYNAMODB_ENDPOINT: 'http://dynamodb:8000' }).where).toContain(
      'http://dynamodb:8000',
    );
    expect(() => auditVerifyTarget({ DYNAMODB_PORT: '0' })).toThrow(/DYNAMODB_PORT/);
  });

  it('is a deployed table when AUDIT_TABLE names one, and refuses a name that is none', () => {
    expect(auditVerifyTarget({ AUDIT_TABLE: 'ccsc-sit-audit' })).toMatchObject({
      table: 'ccsc-sit-audit',
      mainTable: 'ccsc-sit-main',
      where: 'AWS',
    });
    expect(mainTableBeside('my-own-audit-copy')).toBeNull();
    expect(() => auditVerifyTarget({ AUDIT_TABLE: 'no such/table' })).toThrow(/AUDIT_TABLE/);
  });
});

describe('npm run audit:verify', () => {
  let dataDir = '';
  let dynamodb: RunningDynamoDb;
  let client: DynamoDBClient;
  let documents: DynamoDBDocumentClient;
  const table = 'ccsc-verify-audit';
  const mainTable = 'ccsc-verify-main';
  const target = (name = table) => ({
    table: name,
    mainTable,
    where: 'a test dynalite',
    client: new DynamoDBClient({
      region: REGION,
      endpoint: dynamodb.url,
      credentials: LOCAL_CREDENTIALS,
    }),
  });
  const run = async (name = table) => {
    const lines: string[] = [];
    const code = await runAuditVerify(
      target(name),
      (l) => lines.push(l),
      (l) => lines.push(l),
    );
    return { code, text: lines.join('\n') };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-audit-verify-'));
    dynamodb = await startDynamoDb({ directory: dataDir, host: '127.0.0.1', port: 0 });
    client = new DynamoDBClient({
      region: REGION,
      endpoint: dynamodb.url,
      credentials: LOCAL_CREDENTIALS,
    });
    documents = DynamoDBDocumentClient.from(client);
    await client.send(
      new CreateTableCommand(toCreateTableInput({ name: table, definition: TABLES.audit })),
    );
    await client.send(
      new CreateTableCommand(toCreateTableInput({ name: mainTable, definition: TABLES.main })),
    );
    const trail = dynamoAuditTrail(documents, table);
    const entry = (i: number) => ({
      action: 'user.disabled',
      outcome: 'success' as const,
      actor: { sub: 'sub-1', email: 'admin@example.com', role: 'PlatformAdmin' as const },
      target: { type: 'user' as const, id: `sub-${String(i)}` },
      organisationId: 'site-001',
      source: { ip: '203.0.113.7', userAgent: 'vitest' },
      requestId: `req-${String(i)}`,
    });
    // Two one by one, three in one transaction (appendAll): one chain.
    for (let i = 1; i <= 2; i += 1) await trail.append(entry(i));
    await trail.appendAll([3, 4, 5].map(entry));
  });

  afterAll(async () => {
    client.destroy();
    await dynamodb.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const lastVerification = async () =>
    (await new DynamoChainVerifications(documents, mainTable).last()) ?? undefined;

  it('exits 0 on an intact chain, naming the record count, and records the verification', async () => {
    const { code, text } = await run();
    expect(code).toBe(AUDIT_VERIFY_EXIT.intact);
    expect(text).toMatch(/Intact: 5 records/);
    expect(text).toContain(`Recorded as the last verification in ${mainTable}.`);
    expect(await lastVerification()).toMatchObject({
      intact: true,
      records: 5,
      brokenAt: null,
      reason: null,
      by: null,
      source: 'cli',
    });
  });

  it('exits 1 on a record overwritten afterwards, printing it as stored', async () => {
    const key = { pk: AUDIT_CHAIN_PK, sk: sortKeyOf(3) };
    const original = (await documents.send(new GetCommand({ TableName: table, Key: key }))).Item;
    await documents.send(
      new PutCommand({ TableName: table, Item: { ...original, requestId: 'forged-request' } }),
    );
    try {
      const { code, text } = await run();
      expect(code).toBe(AUDIT_VERIFY_EXIT.broken);
      expect(text).toMatch(/BROKEN at record 3: record 3 was altered/);
      expect(text).toContain('"requestId": "forged-request"');
      expect(await lastVerification()).toMatchObject({ intact: false, brokenAt: 3, records: 2 });
    } finally {
      await documents.send(new PutCommand({ TableName: table, Item: original }));
    }
    expect((await run()).code).toBe(AUDIT_VERIFY_EXIT.intact);
  });

  it('exits 2 when the table is missing or nothing answers', async () => {
    const missing = await run('ccsc-no-such-audit');
    expect(missing.code).toBe(AUDIT_VERIFY_EXIT.failed);
    expect(missing.text).toContain('There is no table ccsc-no-such-audit');

    const nobody = await runAuditVerify(
      {
        ...target(),
        client: new DynamoDBClient({
          region: REGION,
          endpoint: 'http://127.0.0.1:9',
          credentials: LOCAL_CREDENTIALS,
          maxAttempts: 1,
        }),
      },
      () => undefined,
      () => undefined,
    );
    expect(nobody).toBe(AUDIT_VERIFY_EXIT.failed);
  });
});
