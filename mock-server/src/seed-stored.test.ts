import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateRows } from '@ccsc/contract/standard-rows';
import {
  claimKeys,
  type ConnectionRecord,
  DynamoRegistry,
  ObjectStandardRows,
  type RegistryChange,
  S3ObjectStore,
  standardClaims,
  useKey,
  versionInUse,
} from '@ccsc/lambdas/adapters';
import { REGISTRY_VERSION_KEY } from '@ccsc/lambdas/data-model';
import { loadRegistry } from './registry-load';
import { seedReferenceData, seedStandardRows } from './seed';
import {
  SEED_CONNECTIONS,
  SEED_ORGANISATIONS,
  SEED_STANDARD_ROWS,
  SEED_STANDARDS,
  SEED_STUDIES,
  SEED_SYSTEMS,
  seedChanges,
} from './seed-network';
import { useDynaliteTables } from './dynalite-test-support';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { type RunningS3, startS3 } from './services/s3';
import { CATALOGUE, OPEN } from './seed-test-support';

/** The seed as stored: the registry in DynamoDB as the adapter's commits store it, the rows in S3. */

const db = useDynaliteTables('ccsc-seed');

/** Every item of a table but the change log (which only the commits write), by key. */
const itemsOf = async (table: string): Promise<Map<string, Record<string, unknown>>> => {
  const out = new Map<string, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(
      new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      if (item.pk === 'REGISTRY#CHANGES') continue;
      const { claimedAt, ...rest } = item;
      if (item.pk === 'REGISTRY#CLAIM') expect(typeof claimedAt).toBe('string');
      out.set(`${String(item.pk)} ${String(item.sk)}`, rest);
    }
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return out;
};

/** The claims and uses the API would have made for the network as it stands, worked out afresh. */
const expected = () => {
  const claims = new Set([
    ...SEED_ORGANISATIONS.map((o) => claimKeys.organisationName(o.country, o.name)),
    ...SEED_STUDIES.map((s) => claimKeys.studyProtocol(s.sponsorOrganisationId, s.protocolNumber)),
    ...SEED_SYSTEMS.map((s) => claimKeys.systemName(s.organisationId, s.name)),
    ...SEED_CONNECTIONS.filter((c) => OPEN.has(c.status)).flatMap((c) => [
      claimKeys.openConnection(c.studyId, c.siteOrganisationId),
      claimKeys.siteNumber(c.studyId, c.siteNumber),
    ]),
    // A name per organisation; a system for each standard it uses (the version in use's).
    ...SEED_STANDARDS.map((s) =>
      claimKeys.standardName(s.organisationId, s.versions.at(-1)?.name ?? ''),
    ),
    ...SEED_STANDARDS.flatMap((s) =>
      (versionInUse(s)?.systemIds ?? []).map((id) => claimKeys.systemStandard(id)),
    ),
  ]);
  const uses = new Map<string, number>();
  const count = (key: string) => uses.set(key, (uses.get(key) ?? 0) + 1);
  for (const c of SEED_CONNECTIONS.filter((x) => OPEN.has(x.status))) {
    count(useKey('study', c.studyId));
    for (const id of [c.sponsorOrganisationId, c.croOrganisationId, c.siteOrganisationId]) {
      if (id !== null) count(useKey('organisation', id));
    }
    for (const id of [c.sponsorSystemId, c.siteSystemId])
      if (id !== null) count(useKey('system', id));
  }
  return { claims, uses };
};

describe('the seed network as stored', () => {
  it('is loaded exactly as the adapter commits it, with the claims and uses the API makes', async () => {
    const committed = await db.newTable();
    const loaded = await db.newTable();
    const registry = new DynamoRegistry(db.documents, committed);
    for (const change of seedChanges()) await registry.commit(change);
    const result = await loadRegistry(db.documents, loaded, seedChanges());
    expect(result.version).toBe(seedChanges().length);

    const viaCommits = await itemsOf(committed);
    const viaLoad = await itemsOf(loaded);
    expect([...viaLoad.keys()].sort()).toEqual([...viaCommits.keys()].sort());
    for (const [key, item] of viaCommits) expect(viaLoad.get(key), key).toEqual(item);

    const { claims, uses } = expected();
    const stored = [...viaLoad.values()];
    expect(
      new Set(stored.filter((i) => i.pk === 'REGISTRY#CLAIM').map((i) => String(i.sk))),
    ).toEqual(claims);
    const open = new Map(
      stored
        .filter((i) => i.pk === 'REGISTRY#USE' && Number(i.open) !== 0)
        .map((i) => [String(i.sk), Number(i.open)]),
    );
    expect(open).toEqual(uses);

    const snapshot = await new DynamoRegistry(db.documents, loaded).snapshot();
    expect(snapshot.version).toBe(seedChanges().length);
    expect(new Map(snapshot.organisations)).toEqual(
      new Map(SEED_ORGANISATIONS.map((o) => [o.organisationId, o])),
    );
    expect(snapshot.systems.size).toBe(SEED_SYSTEMS.length);
    expect(snapshot.studies.size).toBe(SEED_STUDIES.length);
    expect(snapshot.connections.size).toBe(SEED_CONNECTIONS.length);
    expect(snapshot.connections.get('conn-onc301-hamburg')).toEqual(
      SEED_CONNECTIONS.find((c) => c.connectionId === 'conn-onc301-hamburg'),
    );
    expect(new Map(snapshot.standards)).toEqual(
      new Map(SEED_STANDARDS.map((s) => [s.standardId, s])),
    );
    // The claims are the registry's own rule for a standard.
    expect(SEED_STANDARDS.flatMap((s) => standardClaims(s).map((c) => c.key)).sort()).toEqual(
      [...claims]
        .filter((k) => k.startsWith('standard-name#') || k.startsWith('system-standard#'))
        .sort(),
    );
  });

  it("holds the API's rules: what an open connection uses stays, unique values stay unique", async () => {
    const table = await db.newTable();
    await loadRegistry(db.documents, table, seedChanges());
    const registry = new DynamoRegistry(db.documents, table);
    const byId = (id: string) =>
      SEED_CONNECTIONS.find((c) => c.connectionId === id) as ConnectionRecord;
    const active = byId('conn-car210-muenchen-2');
    expect(active.status).toBe('active');
    const refused = (change: Omit<RegistryChange, 'writeId'>) =>
      registry.commit({ writeId: `test-${String(Math.random())}`, ...change });
    const unused = (type: 'organisation' | 'system' | 'study', id: string) =>
      refused({
        puts: [],
        guards: [{ kind: 'unused', key: useKey(type, id), message: `${id} is used.` }],
      });

    // Deactivating what an open connection uses (its site system, site, study) is refused.
    await expect(unused('system', active.siteSystemId ?? '')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'muenchen-isar-eisf is used.',
    });
    await expect(unused('organisation', active.siteOrganisationId)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(unused('study', active.studyId)).rejects.toMatchObject({ code: 'CONFLICT' });
    // What only ended or declined connections used is free again.
    await expect(unused('system', 'muenchen-isar-eisf-old')).resolves.toBeUndefined();
    await expect(unused('study', 'study-nlp-der-105')).resolves.toBeUndefined();

    const claim = (key: string) =>
      refused({ puts: [], claims: [{ key, message: `${key} is taken.` }] });
    // A second open connection of a site to a study, a protocol number again, a name again.
    await expect(
      claim(claimKeys.openConnection(active.studyId, active.siteOrganisationId)),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      claim(claimKeys.studyProtocol('sponsor-nordlicht', 'nlp-onc-301')),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      claim(claimKeys.organisationName('DE', 'KLINIKUM  BERLIN-MITTE')),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // A second standard for a system that uses one, a standard's name again in its organisation.
    await expect(claim(claimKeys.systemStandard('berlin-mitte-eisf'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      claim(claimKeys.standardName('sponsor-nordlicht', 'TESSERA eTMF - sponsor document types')),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // Meridian's standard is a draft: its system uses none yet.
    await expect(claim(claimKeys.systemStandard('meridian-etmf'))).resolves.toBeUndefined();
    // A site whose connection was declined may be invited again.
    const declined = byId('conn-dia201-muenchen');
    expect(declined.status).toBe('declined');
    await expect(
      claim(claimKeys.openConnection(declined.studyId, declined.siteOrganisationId)),
    ).resolves.toBeUndefined();
  });

  it('is seeded once per data folder, and finished when cut short', async () => {
    const table = await db.newTable();
    const options = { endpoint: db.url, region: REGION, tableName: table };
    expect(await seedReferenceData(options)).toBe(true);
    const first = await itemsOf(table);
    expect(await seedReferenceData(options)).toBe(false);

    // Cut short before its marker: the registry is there, only the marker is written.
    await db.documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'SEED', sk: 'organisations' } }),
    );
    expect(await seedReferenceData(options)).toBe(true);
    // Cut short before the version: written again, the same.
    await db.documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'SEED', sk: 'organisations' } }),
    );
    await db.documents.send(new DeleteCommand({ TableName: table, Key: REGISTRY_VERSION_KEY }));
    expect(await seedReferenceData(options)).toBe(true);
    const again = await itemsOf(table);
    expect(again.get('SEED organisations')?.seededAt).toEqual(expect.any(String));
    first.delete('SEED organisations');
    again.delete('SEED organisations');
    expect(again).toEqual(first);
    const version = await db.documents.send(
      new GetCommand({ TableName: table, Key: REGISTRY_VERSION_KEY }),
    );
    expect(version.Item?.version).toBe(seedChanges().length);
  });
});

describe("the seeded standards' rows in the artifacts bucket", () => {
  let s3Dir = '';
  let s3: RunningS3 | undefined;
  let client: S3Client;
  const bucket = 'ccsc-seed-artifacts';

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'ccsc-seed-s3-'));
    s3 = await startS3({ directory: s3Dir, host: '127.0.0.1', port: 0, debug: false });
    client = new S3Client({
      region: REGION,
      endpoint: s3.url,
      credentials: LOCAL_CREDENTIALS,
      forcePathStyle: true,
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  });

  afterAll(async () => {
    client.destroy();
    await s3?.stop();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  it('are written on every start, the same bytes at the same keys, and read as each version names them', async () => {
    const options = { endpoint: s3?.url ?? '', region: REGION, bucket };
    expect(await seedStandardRows(options)).toBe(SEED_STANDARD_ROWS.length);
    const bytes = async (key: string) =>
      (
        await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      ).Body?.transformToString();
    const first = await Promise.all(SEED_STANDARD_ROWS.map((d) => bytes(d.key)));
    expect(await seedStandardRows(options)).toBe(SEED_STANDARD_ROWS.length);
    expect(await Promise.all(SEED_STANDARD_ROWS.map((d) => bytes(d.key)))).toEqual(first);
    expect(first).toEqual(SEED_STANDARD_ROWS.map((d) => JSON.stringify(d.rows)));

    // As the standards feature reads them: the rows store on the bucket, by each version's key.
    const store = new ObjectStandardRows(new S3ObjectStore(client, bucket));
    for (const s of SEED_STANDARDS) {
      for (const v of s.versions) {
        const rows = await store.get(v.rowsKey);
        expect(rows, `${s.standardId} v${String(v.version)}`).toHaveLength(v.rowCount);
        expect(validateRows(rows, CATALOGUE)).toHaveLength(v.problemCount);
      }
    }
  });
});
