import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { setTimeout as delay } from 'node:timers/promises';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DynamoImportStaging,
  DynamoRegistry,
  DynamoWriteJournal,
  JournaledRegistryWrites,
  registryWriteJournal,
} from '@ccsc/lambdas/adapters';
import { TABLES } from '@ccsc/lambdas/data-model';
import {
  anOrganisation,
  FakeAuditTrail,
  registryBehaviour,
  registryWritesBehaviour,
  uniqueId,
} from '@ccsc/lambdas/testing';
import { toCreateTableInput } from './provision';
import { SEED_ORGANISATIONS, SEED_SYSTEMS, seedReferenceData } from './seed';
import { seedChanges } from './seed-network';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { type RunningDynamoDb, startDynamoDb } from './services/dynamodb';

/**
 * The registry's DynamoDB adapter (lambdas/src/adapters/dynamodb-registry.ts) on dynalite, with
 * the transactions the offline stack answers in front of it: the same behaviour suite as the
 * in-memory registry the core tests use, then what only a store shared by processes shows.
 */

let dataDir = '';
let dynamodb: RunningDynamoDb;
let raw: DynamoDBClient;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ccsc-registry-'));
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
  raw.destroy();
  await dynamodb.stop();
  await rm(dataDir, { recursive: true, force: true });
});

let tables = 0;
const newTable = async (): Promise<string> => {
  tables += 1;
  const name = `ccsc-registry-${String(tables)}-main`;
  await raw.send(new CreateTableCommand(toCreateTableInput({ name, definition: TABLES.main })));
  // dynalite makes a new table ACTIVE a moment after it answers.
  while (
    (await raw.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus !== 'ACTIVE'
  ) {
    await delay(5);
  }
  return name;
};

describe('DynamoRegistry on dynalite', () => {
  registryBehaviour(async () => {
    const table = await newTable();
    return {
      registry: new DynamoRegistry(documents, table),
      reader: new DynamoRegistry(documents, table),
    };
  });
  // The production RegistryWrites: the write journal, the staged import parts, the registry, all
  // in one table (the audit trail is the fake: its adapter has tests of its own).
  registryWritesBehaviour(async () => {
    const table = await newTable();
    const registry = new DynamoRegistry(documents, table);
    const staging = new DynamoImportStaging(documents, table);
    const audit = new FakeAuditTrail();
    const journal = registryWriteJournal(
      { journal: new DynamoWriteJournal(documents, table) },
      {
        registry,
        staging,
        audit,
        auditReader: audit,
        clock: { now: () => new Date() },
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      },
    );
    return { writes: new JournaledRegistryWrites(journal, staging), registry, audit };
  });
});

/** Counts the whole-partition reads of records, to tell a catch-up from a re-read. */
const counting = () => {
  const doc = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
  const counts = { recordReads: 0, logReads: 0 };
  const send = doc.send.bind(doc) as (command: unknown) => Promise<unknown>;
  (doc as unknown as { send: (command: unknown) => Promise<unknown> }).send = (command) => {
    if (command instanceof QueryCommand) {
      const pk: unknown = command.input.ExpressionAttributeValues?.[':pk'];
      if (typeof pk === 'string' && pk.startsWith('REGISTRY#CHANGES')) counts.logReads += 1;
      else if (typeof pk === 'string' && pk.startsWith('REGISTRY#')) counts.recordReads += 1;
    }
    return send(command);
  };
  return { doc, counts };
};

const create = (id: string, overrides: Parameters<typeof anOrganisation>[1] = {}) => ({
  writeId: uniqueId('write'),
  puts: [
    {
      item: { type: 'organisation' as const, record: anOrganisation(id, overrides) },
      expectedRevision: null,
    },
  ],
});

describe('DynamoRegistry, what a shared store shows', () => {
  it('catches a reader up from the change log, and re-reads everything after a gap', async () => {
    const table = await newTable();
    const writer = new DynamoRegistry(documents, table);
    await writer.commit(create('org-1'));
    const { doc, counts } = counting();
    const reader = new DynamoRegistry(doc, table);
    expect([...(await reader.snapshot()).organisations.keys()]).toEqual(['org-1']);
    expect(counts.recordReads).toBe(20); // five types, four shards each
    await writer.commit(create('org-2'));
    await writer.commit(create('org-3'));
    const caughtUp = await reader.snapshot();
    expect([...caughtUp.organisations.keys()].sort()).toEqual(['org-1', 'org-2', 'org-3']);
    expect(counts).toEqual({ recordReads: 20, logReads: 1 });

    // A change whose log is gone (expired): only a whole re-read is sure.
    await writer.commit(create('org-4'));
    await documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'REGISTRY#CHANGES', sk: '000000000004' } }),
    );
    await writer.commit(create('org-5'));
    const reread = await reader.snapshot();
    expect(reread.organisations.size).toBe(5);
    expect(counts.recordReads).toBe(40);
  });

  it('logs the keys of a change too large for one log item, and a reader reads them', async () => {
    const table = await newTable();
    const writer = new DynamoRegistry(documents, table);
    const reader = new DynamoRegistry(documents, table);
    await reader.snapshot();
    const big = Array.from({ length: 30 }, (_, i) =>
      anOrganisation(`big-${String(i)}`, {
        identifiers: Array.from({ length: 100 }, (_, j) => ({
          label: `Registry ${String(j)}`,
          value: 'x'.repeat(100),
        })),
      }),
    );
    await writer.commit({
      writeId: uniqueId('write'),
      puts: big.map((record) => ({
        item: { type: 'organisation' as const, record },
        expectedRevision: null,
      })),
    });
    const logged = await documents.send(
      new GetCommand({ TableName: table, Key: { pk: 'REGISTRY#CHANGES', sk: '000000000001' } }),
    );
    expect(logged.Item).toMatchObject({ puts: [], refs: expect.any(Array) as unknown });
    const snapshot = await reader.snapshot();
    expect(snapshot.organisations.size).toBe(30);
    expect(snapshot.organisations.get('big-7')?.identifiers).toHaveLength(100);
  });

  it('commits changes racing for the version one after another, each once', async () => {
    const table = await newTable();
    const writers = Array.from({ length: 6 }, () => new DynamoRegistry(documents, table));
    await Promise.all(writers.map((w, i) => w.commit(create(`race-${String(i)}`))));
    const snapshot = await new DynamoRegistry(documents, table).snapshot();
    expect(snapshot.version).toBe(6);
    expect(snapshot.organisations.size).toBe(6);
  });

  it('lets one of two racing claims on a value win, the other refused with its message', async () => {
    const table = await newTable();
    const claim = (id: string) => ({
      ...create(id),
      claims: [{ key: 'organisation-name#de#same', message: 'Taken.', field: 'name' }],
    });
    const outcomes = await Promise.allSettled([
      new DynamoRegistry(documents, table).commit(claim('a')),
      new DynamoRegistry(documents, table).commit(claim('b')),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'CONFLICT', message: 'Taken.' });
  });
});

describe('the offline seed', () => {
  it('writes the reference organisations and systems as registry records, once', async () => {
    const table = await newTable();
    const options = { endpoint: dynamodb.url, region: REGION, tableName: table };
    expect(await seedReferenceData(options)).toBe(true);
    expect(await seedReferenceData(options)).toBe(false);
    const snapshot = await new DynamoRegistry(documents, table).snapshot();
    expect(snapshot.organisations.size).toBe(SEED_ORGANISATIONS.length);
    expect(snapshot.systems.size).toBe(SEED_SYSTEMS.length);
    expect(snapshot.organisations.get('site-berlin-mitte')).toMatchObject({
      name: 'Klinikum Berlin-Mitte',
      kind: 'site',
      country: 'DE',
      status: 'active',
      revision: 1,
      createdBy: 'system',
    });

    // Interrupted before its marker: seeded again, its changes count as made.
    await documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'SEED', sk: 'organisations' } }),
    );
    expect(await seedReferenceData(options)).toBe(true);
    expect((await new DynamoRegistry(documents, table).snapshot()).version).toBe(
      seedChanges().length,
    );
  });
});
