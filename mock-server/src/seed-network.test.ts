import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_STEPS,
  STUDY_TRANSITIONS,
  type ConnectionAction,
} from '@ccsc/contract/registry-access';
import {
  inviteSiteInputSchema,
  organisationInputSchema,
  studyInputSchema,
  systemInputSchema,
} from '@ccsc/contract/organisations';
import {
  claimKeys,
  type ConnectionRecord,
  DynamoRegistry,
  type RegistryChange,
  useKey,
} from '@ccsc/lambdas/adapters';
import { REGISTRY_VERSION_KEY, TABLES } from '@ccsc/lambdas/data-model';
import { toCreateTableInput } from './provision';
import { loadRegistry } from './registry-load';
import { seedReferenceData } from './seed';
import {
  SEED_CONNECTIONS,
  SEED_ORGANISATIONS,
  SEED_STUDIES,
  SEED_SYSTEMS,
  seedChanges,
} from './seed-network';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { type RunningDynamoDb, startDynamoDb } from './services/dynamodb';

/**
 * The offline seed's registry network (seed-network.ts): consistent in itself (every reference
 * resolves, states and history agree, the API's field rules hold), written in bulk exactly as the
 * registry adapter's commits would write it, with the claims and use counts the API would have
 * made, so the API's rules hold on it.
 */

const OPEN = new Set(['invited', 'active', 'suspended']);
const orgs = new Map(SEED_ORGANISATIONS.map((o) => [o.organisationId, o]));
const systems = new Map(SEED_SYSTEMS.map((s) => [s.systemId, s]));
const studies = new Map(SEED_STUDIES.map((s) => [s.studyId, s]));
const CHANGES = seedChanges();

/** The step that leads from one status to the next, or null when none does. */
const actionOf = (from: string, to: string): ConnectionAction | null =>
  (Object.keys(CONNECTION_STEPS) as ConnectionAction[]).find(
    (action) =>
      CONNECTION_STEPS[action].to === to &&
      (CONNECTION_STEPS[action].from as readonly string[]).includes(from),
  ) ?? null;

/** When a record of the seed was created and (if it was) deactivated or closed. */
const lifeOf = (type: 'organisation' | 'system' | 'study', id: string) => {
  const versions = CHANGES.flatMap((c) => c.puts).flatMap(({ item }) => {
    if (item.type !== type) return [];
    const itsId =
      item.type === 'organisation'
        ? item.record.organisationId
        : item.type === 'system'
          ? item.record.systemId
          : item.record.studyId;
    return itsId === id ? [item.record] : [];
  });
  const created = versions[0]?.createdAt ?? '9999';
  const ended = versions.find((v) => v.status === 'inactive' || v.status === 'closed');
  return { created, ended: ended?.updatedAt ?? '9999' };
};

describe('the seed network', () => {
  it('is a dozen sites and more, a few sponsors, a CRO for two of them, 5-8 studies', () => {
    const kinds = SEED_ORGANISATIONS.map((o) => o.kind);
    expect(kinds.filter((k) => k === 'site').length).toBeGreaterThanOrEqual(12);
    expect(kinds.filter((k) => k === 'sponsor').length).toBeGreaterThanOrEqual(3);
    expect(kinds.filter((k) => k === 'cro')).toHaveLength(1);
    const cro = SEED_ORGANISATIONS.find((o) => o.kind === 'cro');
    const actedFor = new Set(
      SEED_STUDIES.filter((s) => s.croOrganisationId === cro?.organisationId).map(
        (s) => s.sponsorOrganisationId,
      ),
    );
    expect(actedFor.size).toBe(2);
    expect(SEED_STUDIES.length).toBeGreaterThanOrEqual(5);
    expect(SEED_STUDIES.length).toBeLessThanOrEqual(8);
    expect(new Set(SEED_ORGANISATIONS.map((o) => o.country)).size).toBeGreaterThanOrEqual(8);
    // The user tests' OrgAdmin and Auditor of Klinikum Berlin-Mitte see no other organisation.
    expect(SEED_CONNECTIONS.filter((c) => c.siteOrganisationId === 'site-berlin-mitte')).toEqual(
      [],
    );
    // The organisations the other tests name, as they name them.
    expect(
      Object.fromEntries(
        [
          'site-berlin-mitte',
          'site-hamburg-nord',
          'site-ankara-city',
          'site-izmir-ege',
          'sponsor-nordlicht',
          'sponsor-anatolia',
        ].map((id) => [id, orgs.get(id)?.name]),
      ),
    ).toEqual({
      'site-berlin-mitte': 'Klinikum Berlin-Mitte',
      'site-hamburg-nord': 'Universitätsklinikum Hamburg-Nord',
      'site-ankara-city': 'Ankara City Research Hospital',
      'site-izmir-ege': 'Ege Clinical Research Centre Izmir',
      'sponsor-nordlicht': 'Nordlicht Pharma AG',
      'sponsor-anatolia': 'Anatolia Biotech A.Ş.',
    });
  });

  it('has connections in every state, suspended by each side', () => {
    const states = new Set(
      SEED_CONNECTIONS.map((c) =>
        c.status === 'suspended' ? `suspended by ${String(c.suspendedBy)}` : c.status,
      ),
    );
    expect([...states].sort()).toEqual([
      'active',
      'declined',
      'ended',
      'invited',
      'suspended by platform',
      'suspended by site',
      'suspended by sponsor',
    ]);
    // Ended from each state an open connection can be in, and a site invited again after.
    const endedFrom = new Set(
      SEED_CONNECTIONS.filter((c) => c.status === 'ended').map(
        (c) => c.history[c.history.length - 2]?.status,
      ),
    );
    expect(endedFrom).toEqual(new Set(['invited', 'active']));
    const pairs = SEED_CONNECTIONS.map((c) => `${c.studyId}#${c.siteOrganisationId}`);
    expect(new Set(pairs).size).toBeLessThan(pairs.length);
  });

  it('passes the API field rules, with unique ids, names and protocol numbers', () => {
    for (const o of SEED_ORGANISATIONS) {
      expect(
        organisationInputSchema.safeParse({
          name: o.name,
          kind: o.kind,
          country: o.country,
          identifiers: o.identifiers,
          contactEmail: o.contactEmail,
        }).error,
        o.organisationId,
      ).toBeUndefined();
    }
    for (const s of SEED_SYSTEMS) {
      const { systemId, organisationId, name, kind, vendor, product, environment } = s;
      expect(
        systemInputSchema.safeParse({
          organisationId,
          name,
          kind,
          vendor,
          product,
          environment,
          technicalContactEmail: s.technicalContactEmail,
        }).error,
        systemId,
      ).toBeUndefined();
    }
    for (const s of SEED_STUDIES) {
      expect(
        studyInputSchema.safeParse({
          sponsorOrganisationId: s.sponsorOrganisationId,
          croOrganisationId: s.croOrganisationId,
          protocolNumber: s.protocolNumber,
          title: s.title,
          phase: s.phase,
        }).error,
        s.studyId,
      ).toBeUndefined();
    }
    for (const c of SEED_CONNECTIONS) {
      expect(
        inviteSiteInputSchema.safeParse({
          studyId: c.studyId,
          siteOrganisationId: c.siteOrganisationId,
          siteNumber: c.siteNumber,
          country: c.country,
          principalInvestigator: c.principalInvestigator,
          sponsorSystemId: c.sponsorSystemId,
        }).error,
        c.connectionId,
      ).toBeUndefined();
    }
    const unique = (values: string[]) => {
      expect(new Set(values).size).toBe(values.length);
    };
    unique(SEED_ORGANISATIONS.map((o) => o.organisationId));
    unique(SEED_SYSTEMS.map((s) => s.systemId));
    unique(SEED_STUDIES.map((s) => s.studyId));
    unique(SEED_CONNECTIONS.map((c) => c.connectionId));
    unique(SEED_ORGANISATIONS.map((o) => claimKeys.organisationName(o.country, o.name)));
    unique(
      SEED_STUDIES.map((s) => claimKeys.studyProtocol(s.sponsorOrganisationId, s.protocolNumber)),
    );
  });

  it('resolves every reference, each in the role it plays', () => {
    for (const o of SEED_ORGANISATIONS) {
      const own = SEED_SYSTEMS.filter((s) => s.organisationId === o.organisationId);
      expect(own.length, o.organisationId).toBeGreaterThanOrEqual(1);
      expect(own.length, o.organisationId).toBeLessThanOrEqual(3);
    }
    for (const s of SEED_SYSTEMS) expect(orgs.has(s.organisationId), s.systemId).toBe(true);
    for (const s of SEED_STUDIES) {
      expect(orgs.get(s.sponsorOrganisationId)?.kind, s.studyId).toBe('sponsor');
      if (s.croOrganisationId !== null) {
        expect(orgs.get(s.croOrganisationId)?.kind, s.studyId).toBe('cro');
      }
    }
    for (const c of SEED_CONNECTIONS) {
      const study = studies.get(c.studyId);
      expect(study, c.connectionId).toBeDefined();
      expect(c.sponsorOrganisationId).toBe(study?.sponsorOrganisationId);
      expect(c.croOrganisationId).toBe(study?.croOrganisationId);
      expect(orgs.get(c.siteOrganisationId)?.kind, c.connectionId).toBe('site');
      expect(c.country).toBe(orgs.get(c.siteOrganisationId)?.country);
      expect([c.sponsorOrganisationId, c.croOrganisationId], c.connectionId).toContain(
        systems.get(c.sponsorSystemId)?.organisationId,
      );
      const accepted = c.history.some((h, i) => i > 0 && h.status === 'active');
      if (accepted) {
        expect(systems.get(c.siteSystemId ?? '')?.organisationId, c.connectionId).toBe(
          c.siteOrganisationId,
        );
      } else {
        expect(c.siteSystemId, c.connectionId).toBeNull();
      }
    }
  });

  it("tells each connection's life in steps the API allows, by a side allowed to take them", () => {
    for (const c of SEED_CONNECTIONS) {
      const [first, ...rest] = c.history;
      expect(first?.status, c.connectionId).toBe('invited');
      expect(first?.side).toBe('sponsor');
      let status = 'invited';
      let suspendedBy: string | null = null;
      let previous = first?.at ?? '';
      for (const h of rest) {
        const action = actionOf(status, h.status);
        expect(action, `${c.connectionId}: ${status} -> ${h.status}`).not.toBeNull();
        if (action === 'accept' || action === 'decline')
          expect(['site', 'platform']).toContain(h.side);
        if (action === 'resume') expect(['platform', suspendedBy]).toContain(h.side);
        expect(h.at > previous, `${c.connectionId} at ${h.at}`).toBe(true);
        suspendedBy = h.status === 'suspended' ? h.side : null;
        status = h.status;
        previous = h.at;
      }
      const last = c.history[c.history.length - 1];
      expect(c.status).toBe(last?.status);
      expect(c.suspendedBy).toBe(suspendedBy);
      expect(c.revision).toBe(c.history.length);
      expect(c.createdAt).toBe(first?.at);
      expect(c.createdBy).toBe(first?.by);
      expect(c.updatedAt).toBe(last?.at);
      expect(c.updatedBy).toBe(last?.by);
      // Every step while its study, organisations and systems were there and in service.
      const parties = [
        lifeOf('study', c.studyId),
        ...[c.sponsorOrganisationId, c.croOrganisationId, c.siteOrganisationId].flatMap((id) =>
          id === null ? [] : [lifeOf('organisation', id)],
        ),
        ...[c.sponsorSystemId, c.siteSystemId].flatMap((id) =>
          id === null ? [] : [lifeOf('system', id)],
        ),
      ];
      for (const party of parties) {
        expect((first?.at ?? '') > party.created, c.connectionId).toBe(true);
        if (OPEN.has(c.status)) expect(party.ended, c.connectionId).toBe('9999');
        else expect((last?.at ?? '') <= party.ended, c.connectionId).toBe(true);
      }
    }
  });

  it('moves studies forward only, and keeps one open connection per study and site', () => {
    for (const s of SEED_STUDIES) {
      const versions = CHANGES.flatMap((c) => c.puts).flatMap((p) =>
        p.item.type === 'study' && p.item.record.studyId === s.studyId ? [p.item.record] : [],
      );
      expect(versions[0]?.status).toBe('planned');
      for (let i = 1; i < versions.length; i += 1) {
        expect(STUDY_TRANSITIONS[versions[i - 1]?.status ?? '']).toContain(versions[i]?.status);
      }
      expect(s.revision).toBe(versions.length);
    }
    const open = SEED_CONNECTIONS.filter((c) => OPEN.has(c.status)).map(
      (c) => `${c.studyId}#${c.siteOrganisationId}`,
    );
    expect(new Set(open).size).toBe(open.length);
  });
});

// ---------- as stored ----------

let dataDir = '';
let dynamodb: RunningDynamoDb;
let raw: DynamoDBClient;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ccsc-seed-'));
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
  const name = `ccsc-seed-${String(tables)}-main`;
  await raw.send(new CreateTableCommand(toCreateTableInput({ name, definition: TABLES.main })));
  while (
    (await raw.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus !== 'ACTIVE'
  ) {
    await delay(5);
  }
  return name;
};

/** Every item of a table but the change log (which only the commits write), by key. */
const itemsOf = async (table: string): Promise<Map<string, Record<string, unknown>>> => {
  const out = new Map<string, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
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
    const committed = await newTable();
    const loaded = await newTable();
    const registry = new DynamoRegistry(documents, committed);
    for (const change of seedChanges()) await registry.commit(change);
    const result = await loadRegistry(documents, loaded, seedChanges());
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

    const snapshot = await new DynamoRegistry(documents, loaded).snapshot();
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
  });

  it("holds the API's rules: what an open connection uses stays, unique values stay unique", async () => {
    const table = await newTable();
    await loadRegistry(documents, table, seedChanges());
    const registry = new DynamoRegistry(documents, table);
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
    // A site whose connection was declined may be invited again.
    const declined = byId('conn-dia201-muenchen');
    expect(declined.status).toBe('declined');
    await expect(
      claim(claimKeys.openConnection(declined.studyId, declined.siteOrganisationId)),
    ).resolves.toBeUndefined();
  });

  it('is seeded once per data folder, and finished when cut short', async () => {
    const table = await newTable();
    const options = { endpoint: dynamodb.url, region: REGION, tableName: table };
    expect(await seedReferenceData(options)).toBe(true);
    const first = await itemsOf(table);
    expect(await seedReferenceData(options)).toBe(false);

    // Cut short before its marker: the registry is there, only the marker is written.
    await documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'SEED', sk: 'organisations' } }),
    );
    expect(await seedReferenceData(options)).toBe(true);
    // Cut short before the version: written again, the same.
    await documents.send(
      new DeleteCommand({ TableName: table, Key: { pk: 'SEED', sk: 'organisations' } }),
    );
    await documents.send(new DeleteCommand({ TableName: table, Key: REGISTRY_VERSION_KEY }));
    expect(await seedReferenceData(options)).toBe(true);
    const again = await itemsOf(table);
    expect(again.get('SEED organisations')?.seededAt).toEqual(expect.any(String));
    first.delete('SEED organisations');
    again.delete('SEED organisations');
    expect(again).toEqual(first);
    const version = await documents.send(
      new GetCommand({ TableName: table, Key: REGISTRY_VERSION_KEY }),
    );
    expect(version.Item?.version).toBe(seedChanges().length);
  });
});
