import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
import { diffRows, validateRows, type MappingRow } from '@ccsc/contract/standard-rows';
import { standardIdSchema, standardRoutes } from '@ccsc/contract/standards';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import {
  claimKeys,
  type ConnectionRecord,
  DynamoRegistry,
  ObjectStandardRows,
  type RegistryChange,
  S3ObjectStore,
  standardClaims,
  type StandardRecord,
  standardRowsKey,
  useKey,
  versionInUse,
} from '@ccsc/lambdas/adapters';
import { REGISTRY_VERSION_KEY, TABLES } from '@ccsc/lambdas/data-model';
import { toCreateTableInput } from './provision';
import { loadRegistry } from './registry-load';
import { seedReferenceData, seedStandardRows } from './seed';
import {
  SEED_ADMINS,
  SEED_CONNECTIONS,
  SEED_ORGANISATIONS,
  SEED_STANDARD_ROWS,
  SEED_STANDARDS,
  SEED_STUDIES,
  SEED_SYSTEMS,
  seedChanges,
} from './seed-network';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';
import { type RunningDynamoDb, startDynamoDb } from './services/dynamodb';
import { type RunningS3, startS3 } from './services/s3';

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

// ---------- mapping standards ----------

const CATALOGUE = CATALOGUES['3.3'];
const ARTIFACTS = new Map(
  CATALOGUE.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts)).map((a) => [a.number, a]),
);
const ADMINS = new Set<string>(Object.values(SEED_ADMINS));
const standardNamed = (id: string): StandardRecord => {
  const found = SEED_STANDARDS.find((s) => s.standardId === id);
  if (found === undefined) throw new Error(`no seeded standard ${id}`);
  return found;
};
const rowsAt = (key: string): readonly MappingRow[] => {
  const found = SEED_STANDARD_ROWS.find((d) => d.key === key);
  if (found === undefined) throw new Error(`no seeded rows at ${key}`);
  return found.rows;
};
/** The problems of a version's rows, as [source code, field, code]. */
const problemsOf = (rows: readonly MappingRow[]) =>
  validateRows(rows, CATALOGUE).map((p) => [rows[p.row]?.sourceCode, p.field, p.code]);

describe('the seeded mapping standards', () => {
  it('are an eISF standard (published, a second version in draft), an eTMF one (published) and a draft', () => {
    expect(
      SEED_STANDARDS.map((s) => ({
        standardId: s.standardId,
        organisationId: s.organisationId,
        catalogueVersion: s.catalogueVersion,
        versions: s.versions.map((v) => [
          v.version,
          v.status,
          v.name,
          v.systemIds,
          v.product,
          v.rowCount,
          v.problemCount,
        ]),
      })),
    ).toEqual([
      {
        standardId: 'std-nordlichtetmf',
        organisationId: 'sponsor-nordlicht',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'published',
            'Tessera eTMF - sponsor document types',
            ['nordlicht-etmf'],
            'Tessera eTMF',
            57,
            0,
          ],
        ],
      },
      {
        standardId: 'std-berlinmitteeisf',
        organisationId: 'site-berlin-mitte',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'published',
            'Binderly eISF - site document types',
            ['berlin-mitte-eisf'],
            'Binderly eISF',
            44,
            0,
          ],
          [
            2,
            'draft',
            'Binderly eISF - site document types',
            ['berlin-mitte-eisf'],
            'Binderly eISF',
            44,
            1,
          ],
        ],
      },
      {
        standardId: 'std-meridianetmf',
        organisationId: 'cro-meridian',
        catalogueVersion: '3.3',
        versions: [
          [
            1,
            'draft',
            'Tessera eTMF - CRO document types',
            ['meridian-etmf'],
            'Tessera eTMF',
            16,
            3,
          ],
        ],
      },
    ]);
    // Each names its organisation's system and the product that system runs.
    for (const s of SEED_STANDARDS) {
      for (const v of s.versions) {
        for (const id of v.systemIds) {
          expect(systems.get(id)?.organisationId, s.standardId).toBe(s.organisationId);
          expect(systems.get(id)?.product, s.standardId).toBe(v.product);
        }
      }
    }
  });

  it('name rows documents the seed writes, at the key the rows store gives them', async () => {
    const keys = SEED_STANDARDS.flatMap((s) => s.versions.map((v) => v.rowsKey));
    expect(new Set(SEED_STANDARD_ROWS.map((d) => d.key))).toEqual(new Set(keys));
    const written = new Map<string, string>();
    const store = new ObjectStandardRows({
      put: (key, body) => {
        written.set(key, String(body));
        return Promise.resolve();
      },
      get: (key) => {
        const body = written.get(key);
        return Promise.resolve(body === undefined ? null : new TextEncoder().encode(body));
      },
    });
    for (const s of SEED_STANDARDS) {
      for (const v of s.versions) {
        const rows = rowsAt(v.rowsKey);
        expect(standardRowsKey(s.standardId, rows)).toBe(v.rowsKey);
        expect(await store.put(s.standardId, rows)).toBe(v.rowsKey);
        expect(await store.get(v.rowsKey)).toEqual(rows);
        expect(v.rowsKey).toMatch(
          new RegExp(`^standards/${s.standardId}/rows/[0-9a-f]{64}\\.json$`),
        );
        expect(v.rowCount).toBe(rows.length);
        expect(v.problemCount).toBe(validateRows(rows, CATALOGUE).length);
      }
    }
  });

  it('publish only versions without problems, mapped to real artifacts, sub-artifacts and levels', () => {
    const published = SEED_STANDARDS.flatMap((s) =>
      s.versions.filter((v) => v.status === 'published').map((v) => ({ s, v })),
    );
    expect(published).toHaveLength(2);
    for (const { s, v } of published) {
      const rows = rowsAt(v.rowsKey);
      expect(problemsOf(rows), `${s.standardId} v${String(v.version)}`).toEqual([]);
      for (const row of rows) {
        // Stricter than the rules: every row names a sub-artifact of the model's list.
        const artifact = ARTIFACTS.get(row.artifactNumber);
        expect(artifact?.subArtifacts, `${s.standardId} ${row.sourceCode}`).toContain(
          row.subArtifact,
        );
        expect(row.sourceName.trim(), row.sourceCode).not.toBe('');
      }
    }
    // The eISF files at site level almost throughout; the eTMF mostly at trial level.
    const levels = (id: string) => {
      const rows = rowsAt(versionInUse(standardNamed(id))?.rowsKey ?? '');
      return (level: string) => rows.filter((r) => r.filingLevel === level).length / rows.length;
    };
    expect(levels('std-berlinmitteeisf')('site')).toBeGreaterThan(0.9);
    expect(levels('std-nordlichtetmf')('trial')).toBeGreaterThan(0.5);
    // Sponsor-style codes.
    const codes = rowsAt(versionInUse(standardNamed('std-nordlichtetmf'))?.rowsKey ?? '').map(
      (r) => r.sourceCode,
    );
    expect(codes).toEqual(expect.arrayContaining(['PROT', 'PROT-AMD', 'IB', 'MON-PLAN', 'MVR']));
  });

  it('have drafts with the problems written into them', () => {
    const eisf = standardNamed('std-berlinmitteeisf');
    const [v1, v2] = eisf.versions;
    const before = rowsAt(v1?.rowsKey ?? '');
    const after = rowsAt(v2?.rowsKey ?? '');
    expect(problemsOf(after)).toEqual([
      ['STAFF.CV.PHARM', 'requiredMetadata', 'person-name-required'],
    ]);
    expect(
      diffRows(before, after).map((c) => [c.key, c.before === null, c.after === null]),
    ).toEqual([
      ['STAFF.CV.PHARM', true, false],
      ['IP.TEMPLOG', false, false],
      ['STAFF.IATA', false, true],
    ]);
    expect(v2?.basedOnVersion).toBe(1);
    expect(
      problemsOf(rowsAt(standardNamed('std-meridianetmf').versions[0]?.rowsKey ?? '')),
    ).toEqual([
      ['MCR-VISIT-CONF', 'filingLevel', 'level-not-allowed'],
      ['MCR-OVERSIGHT', 'artifactNumber', 'artifact-missing'],
      ['MCR-ESCALATION', 'artifactNumber', 'artifact-missing'],
    ]);
  });

  it('pass the API field rules, each version as artifact/create-standard would take it', () => {
    const create = standardRoutes['artifact/create-standard'].request;
    for (const s of SEED_STANDARDS) {
      expect(standardIdSchema.safeParse(s.standardId).error, s.standardId).toBeUndefined();
      for (const v of s.versions) {
        expect(
          create.safeParse({
            organisationId: s.organisationId,
            name: v.name,
            description: v.description,
            systemIds: v.systemIds,
            product: v.product,
            catalogueVersion: s.catalogueVersion,
            source: { kind: 'import', fileName: 'seed.csv', rows: rowsAt(v.rowsKey) },
          }).error,
          `${s.standardId} v${String(v.version)}`,
        ).toBeUndefined();
      }
    }
    const names = SEED_STANDARDS.map((s) =>
      claimKeys.standardName(s.organisationId, s.versions.at(-1)?.name ?? ''),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it("tell each standard's life: created by a seeded administrator, signed, in the seed's year", () => {
    for (const s of SEED_STANDARDS) {
      const versions = CHANGES.flatMap((c) => c.puts).flatMap(({ item, expectedRevision }) =>
        item.type === 'standard' && item.record.standardId === s.standardId
          ? [{ record: item.record, expectedRevision }]
          : [],
      );
      expect(
        versions.map((v) => v.expectedRevision),
        s.standardId,
      ).toEqual(versions.map((_, i) => (i === 0 ? null : i)));
      expect(s.revision).toBe(versions.length);
      expect(ADMINS.has(s.createdBy) && ADMINS.has(s.updatedBy), s.standardId).toBe(true);
      expect(s.createdAt > lifeOf('organisation', s.organisationId).created).toBe(true);
      for (const v of s.versions) {
        expect(ADMINS.has(v.createdBy) && ADMINS.has(v.updatedBy), s.standardId).toBe(true);
        expect(v.createdAt >= s.createdAt && v.updatedAt <= s.updatedAt).toBe(true);
        expect(v.updatedAt.startsWith('2026-')).toBe(true);
        for (const id of v.systemIds) expect(v.createdAt > lifeOf('system', id).created).toBe(true);
        if (v.status === 'published') {
          expect(v.signature?.signerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
          expect(v.signature).toEqual({
            signerName: v.signature?.signerName,
            signerEmail: v.updatedBy,
            signerSub: `seed-${v.updatedBy}`,
            meaning: 'Approved',
            signedAt: v.updatedAt,
          });
        } else {
          expect(v.signature).toBeNull();
        }
        expect(v.retired).toBeNull();
      }
    }
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
