import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  DynamoEventLog,
  DynamoImportStaging,
  DynamoRegistry,
  DynamoWriteJournal,
  JournaledRegistryWrites,
  registryWriteJournal,
} from '@ccsc/lambdas/adapters';
import {
  anOrganisation,
  FakeAuditTrail,
  registryBehaviour,
  registryWritesBehaviour,
  uniqueId,
} from '@ccsc/lambdas/testing';
import { SEED_ORGANISATIONS, SEED_SYSTEMS, seedReferenceData } from './seed';
import { seedChanges } from './seed-network';
import { useDynaliteTables } from './dynalite-test-support';
import { REGION } from './services/aws-local';

/**
 * The registry's DynamoDB adapter (lambdas/src/adapters/dynamodb-registry.ts) on dynalite, with
 * the transactions the offline stack answers in front of it: the same behaviour suite as the
 * in-memory registry the core tests use, then what only a store shared by processes shows.
 */

const db = useDynaliteTables('ccsc-registry');

describe('DynamoRegistry on dynalite', () => {
  registryBehaviour(async () => {
    const table = await db.newTable();
    return {
      registry: new DynamoRegistry(db.documents, table),
      reader: new DynamoRegistry(db.documents, table),
    };
  });
  // The production RegistryWrites: the write journal, the staged import parts, the registry, all
  // in one table (the audit trail is the fake: its adapter has tests of its own).
  registryWritesBehaviour(async () => {
    const table = await db.newTable();
    const registry = new DynamoRegistry(db.documents, table);
    const staging = new DynamoImportStaging(db.documents, table);
    const audit = new FakeAuditTrail();
    const journal = registryWriteJournal(
      { journal: new DynamoWriteJournal(db.documents, table) },
      {
        registry,
        staging,
        audit,
        auditReader: audit,
        events: new DynamoEventLog(db.documents, table),
        clock: { now: () => new Date() },
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      },
    );
    return { writes: new JournaledRegistryWrites(journal, staging), registry, audit };
  });
});

/** Counts the whole-partition reads of records, to tell a catch-up from a re-read. */
const counting = () => {
  const doc = DynamoDBDocumentClient.from(db.raw, {
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
    const table = await db.newTable();
    const writer = new DynamoRegistry(db.documents, table);
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
    await db.documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'REGISTRY#CHANGES', sk: '000000000004' } }),
    );
    await writer.commit(create('org-5'));
    const reread = await reader.snapshot();
    expect(reread.organisations.size).toBe(5);
    expect(counts.recordReads).toBe(40);
  });

  it('logs the keys of a change too large for one log item, and a reader reads them', async () => {
    const table = await db.newTable();
    const writer = new DynamoRegistry(db.documents, table);
    const reader = new DynamoRegistry(db.documents, table);
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
    const logged = await db.documents.send(
      new GetCommand({ TableName: table, Key: { pk: 'REGISTRY#CHANGES', sk: '000000000001' } }),
    );
    expect(logged.Item).toMatchObject({ puts: [], refs: expect.any(Array) as unknown });
    const snapshot = await reader.snapshot();
    expect(snapshot.organisations.size).toBe(30);
    expect(snapshot.organisations.get('big-7')?.identifiers).toHaveLength(100);
  });

  it('commits changes racing for the version one after another, each once', async () => {
    const table = await db.newTable();
    const writers = Array.from({ length: 6 }, () => new DynamoRegistry(db.documents, table));
    await Promise.all(writers.map((w, i) => w.commit(create(`race-${String(i)}`))));
    const snapshot = await new DynamoRegistry(db.documents, table).snapshot();
    expect(snapshot.version).toBe(6);
    expect(snapshot.organisations.size).toBe(6);
  });

  it('lets one of two racing claims on a value win, the other refused with its message', async () => {
    const table = await db.newTable();
    const claim = (id: string) => ({
      ...create(id),
      claims: [{ key: 'organisation-name#de#same', message: 'Taken.', field: 'name' }],
    });
    const outcomes = await Promise.allSettled([
      new DynamoRegistry(db.documents, table).commit(claim('a')),
      new DynamoRegistry(db.documents, table).commit(claim('b')),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'CONFLICT', message: 'Taken.' });
  });
});

describe('the offline seed', () => {
  it('writes the reference organisations and systems as registry records, once', async () => {
    const table = await db.newTable();
    const options = { endpoint: db.url, region: REGION, tableName: table };
    expect(await seedReferenceData(options)).toBe(true);
    expect(await seedReferenceData(options)).toBe(false);
    const snapshot = await new DynamoRegistry(db.documents, table).snapshot();
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
    await db.documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'SEED', sk: 'organisations' } }),
    );
    expect(await seedReferenceData(options)).toBe(true);
    expect((await new DynamoRegistry(db.documents, table).snapshot()).version).toBe(
      seedChanges().length,
    );
  });
});
