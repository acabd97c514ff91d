import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { AuditEntry } from '../ports/audit-trail';
import {
  claimKeys,
  type OrganisationRecord,
  type Registry,
  type RegistryChange,
  type RegistryWrites,
  useKey,
} from '../ports/registry';
import type { FakeAuditTrail } from './fakes';
import { aConnection, anOrganisation, aStudy, aSystem } from './memory-registry';

export { aConnection, anOrganisation, aStudy, aSystem };

/**
 * What every store of ports/registry.ts does, as one suite: the in-memory registry
 * (memory-registry.test.ts) and DynamoDB's (adapters/dynamodb-registry.test.ts) both run it, so
 * the core tests' fake means what production means.
 */

let writes = 0;
const writeId = () => {
  writes += 1;
  return `write-${String(writes)}-${String(Date.now())}`;
};

const createOrganisation = (org: OrganisationRecord, id = writeId()): RegistryChange => ({
  writeId: id,
  puts: [{ item: { type: 'organisation', record: org }, expectedRevision: null }],
  claims: [
    {
      key: claimKeys.organisationName(org.country, org.name),
      message: 'An organisation of this name already exists in this country.',
      field: 'name',
    },
  ],
});

const refusalOf = async (work: Promise<unknown>): Promise<AppError> => {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

/** A fresh, empty registry per test; `reader` another process's view of the same store. */
export interface RegistryUnderTest {
  registry: Registry;
  reader: Registry;
}

let ids = 0;
/** Ids unique across the suite's runs against one table. */
export const uniqueId = (prefix: string) => {
  ids += 1;
  return `${prefix}-${String(ids)}-${Math.random().toString(36).slice(2, 8)}`;
};

export const registryBehaviour = (make: () => Promise<RegistryUnderTest>) => {
  describe('records and revisions', () => {
    it('stores a new record at revision 1 with the write id, and a change at the next', async () => {
      const { registry } = await make();
      const id = uniqueId('org');
      const first = writeId();
      await registry.commit(createOrganisation(anOrganisation(id, { revision: 7 }), first));
      const stored = await registry.get('organisation', id);
      expect(stored).toMatchObject({ organisationId: id, revision: 1, writeId: first });

      const second = writeId();
      await registry.commit({
        writeId: second,
        puts: [
          {
            item: { type: 'organisation', record: anOrganisation(id, { contactEmail: null }) },
            expectedRevision: 1,
          },
        ],
      });
      expect(await registry.get('organisation', id)).toMatchObject({
        revision: 2,
        writeId: second,
        contactEmail: null,
      });
      expect(await registry.get('system', id)).toBeNull();
    });

    it('refuses a change made from an older revision, or a creation of one that exists', async () => {
      const { registry } = await make();
      const id = uniqueId('org');
      await registry.commit(createOrganisation(anOrganisation(id)));
      await registry.commit({
        writeId: writeId(),
        puts: [{ item: { type: 'organisation', record: anOrganisation(id) }, expectedRevision: 1 }],
      });
      const stale = await refusalOf(
        registry.commit({
          writeId: writeId(),
          puts: [
            { item: { type: 'organisation', record: anOrganisation(id) }, expectedRevision: 1 },
          ],
        }),
      );
      expect(stale.code).toBe('CONFLICT');
      expect(stale.message).toMatch(/organisation was changed by someone else/);
      const again = await refusalOf(
        registry.commit({
          writeId: writeId(),
          puts: [
            { item: { type: 'organisation', record: anOrganisation(id) }, expectedRevision: null },
          ],
        }),
      );
      expect(again.code).toBe('CONFLICT');
      const missing = await refusalOf(
        registry.commit({
          writeId: writeId(),
          puts: [
            {
              item: { type: 'system', record: aSystem(uniqueId('sys'), id) },
              expectedRevision: 3,
            },
          ],
        }),
      );
      expect(missing.message).toMatch(/system no longer exists/);
      expect(await registry.get('organisation', id)).toMatchObject({ revision: 2 });
    });

    it('counts a change made again (same write id) as done, uses counted once', async () => {
      const { registry } = await make();
      const [org, sys, study, conn] = [uniqueId('o'), uniqueId('s'), uniqueId('st'), uniqueId('c')];
      const change: RegistryChange = {
        writeId: writeId(),
        puts: [
          {
            item: {
              type: 'connection',
              record: aConnection(conn, {
                studyId: study,
                sponsor: org,
                site: uniqueId('site'),
                sponsorSystem: sys,
              }),
            },
            expectedRevision: null,
          },
        ],
        uses: [{ key: useKey('system', sys), by: 1 }],
      };
      await registry.commit(change);
      await registry.commit(change);
      expect(await registry.get('connection', conn)).toMatchObject({ revision: 1 });
      // One open use, so one close leaves the system unused.
      await registry.commit({
        writeId: writeId(),
        puts: [],
        uses: [{ key: useKey('system', sys), by: -1 }],
      });
      await registry.commit({
        writeId: writeId(),
        puts: [],
        guards: [{ kind: 'unused', key: useKey('system', sys), message: 'in use' }],
      });
    });

    it('makes all of a change or none of it', async () => {
      const { registry } = await make();
      const taken = anOrganisation(uniqueId('org'), { name: `Taken ${uniqueId('n')}` });
      await registry.commit(createOrganisation(taken));
      const before = (await registry.snapshot()).version;
      const other = uniqueId('org');
      const refusal = await refusalOf(
        registry.commit({
          ...createOrganisation(anOrganisation(uniqueId('org'), { name: taken.name })),
          puts: [
            {
              item: { type: 'organisation', record: anOrganisation(other) },
              expectedRevision: null,
            },
          ],
          uses: [{ key: useKey('organisation', other), by: 1 }],
        }),
      );
      expect(refusal.message).toBe('An organisation of this name already exists in this country.');
      expect(refusal.fields).toEqual([{ path: 'name', message: refusal.message }]);
      expect(await registry.get('organisation', other)).toBeNull();
      expect((await registry.snapshot()).version).toBe(before);
      await registry.commit({
        writeId: writeId(),
        puts: [],
        guards: [{ kind: 'unused', key: useKey('organisation', other), message: 'in use' }],
      });
    });

    it('refuses a change no transaction could hold (a programming error, not a 409)', async () => {
      const { registry } = await make();
      const id = uniqueId('org');
      const twice = registry.commit({
        writeId: writeId(),
        puts: [
          { item: { type: 'organisation', record: anOrganisation(id) }, expectedRevision: null },
          { item: { type: 'organisation', record: anOrganisation(id) }, expectedRevision: null },
        ],
      });
      await expect(twice).rejects.toThrow(/put twice/);
      const tooMany = registry.commit({
        writeId: writeId(),
        puts: Array.from({ length: 50 }, () => ({
          item: { type: 'organisation' as const, record: anOrganisation(uniqueId('org')) },
          expectedRevision: null,
        })),
        claims: Array.from({ length: 50 }, (_, i) => ({ key: `k#${String(i)}`, message: 'x' })),
      });
      await expect(tooMany).rejects.toThrow(/more than one transaction/);
      await expect(tooMany).rejects.not.toBeInstanceOf(AppError);
    });
  });

  describe('claims, uses and guards', () => {
    it('keeps a claim unique until released; a key released and claimed at once stays held', async () => {
      const { registry } = await make();
      const name = `Clinic ${uniqueId('n')}`;
      const first = anOrganisation(uniqueId('org'), { name });
      await registry.commit(createOrganisation(first));
      const clash = await refusalOf(
        registry.commit(
          createOrganisation(anOrganisation(uniqueId('org'), { name: name.toUpperCase() })),
        ),
      );
      expect(clash.code).toBe('CONFLICT');

      const key = claimKeys.organisationName('DE', name);
      await registry.commit({
        writeId: writeId(),
        puts: [
          {
            item: { type: 'organisation', record: { ...first, name: `${name} (old)` } },
            expectedRevision: 1,
          },
        ],
        claims: [{ key, message: 'held' }],
        releases: [key],
      });
      await expect(
        registry.commit(createOrganisation(anOrganisation(uniqueId('org'), { name }))),
      ).rejects.toThrow(/already exists/);

      await registry.commit({ writeId: writeId(), puts: [], releases: [key] });
      await registry.commit(createOrganisation(anOrganisation(uniqueId('org'), { name })));
    });

    it('refuses an unused guard while a use is counted, and passes once it is counted down', async () => {
      const { registry } = await make();
      const sys = uniqueId('sys');
      await registry.commit({
        writeId: writeId(),
        puts: [],
        uses: [
          { key: useKey('system', sys), by: 1 },
          { key: useKey('system', sys), by: 1 },
        ],
      });
      const guard = {
        writeId: '',
        puts: [],
        guards: [
          { kind: 'unused' as const, key: useKey('system', sys), message: 'Used by C-1, C-2.' },
        ],
      };
      const refused = await refusalOf(registry.commit({ ...guard, writeId: writeId() }));
      expect(refused.message).toBe('Used by C-1, C-2.');
      await registry.commit({
        writeId: writeId(),
        puts: [],
        uses: [{ key: useKey('system', sys), by: -1 }],
      });
      await expect(registry.commit({ ...guard, writeId: writeId() })).rejects.toThrow('Used by');
      await registry.commit({
        writeId: writeId(),
        puts: [],
        uses: [{ key: useKey('system', sys), by: -1 }],
      });
      await registry.commit({ ...guard, writeId: writeId() });
    });

    it('refuses an active guard on an inactive or missing record, a closed study', async () => {
      const { registry } = await make();
      const [org, sys, study] = [uniqueId('org'), uniqueId('sys'), uniqueId('study')];
      await registry.commit({
        writeId: writeId(),
        puts: [
          { item: { type: 'organisation', record: anOrganisation(org) }, expectedRevision: null },
          {
            item: { type: 'system', record: aSystem(sys, org, { status: 'inactive' }) },
            expectedRevision: null,
          },
          {
            item: { type: 'study', record: aStudy(study, org, { status: 'planned' }) },
            expectedRevision: null,
          },
        ],
      });
      const active = (type: 'organisation' | 'system' | 'study', id: string) =>
        registry.commit({
          writeId: writeId(),
          puts: [],
          guards: [{ kind: 'active', type, id, message: `${type} ${id} is not active` }],
        });
      await active('organisation', org);
      await active('study', study);
      await expect(active('system', sys)).rejects.toThrow(`system ${sys} is not active`);
      await expect(active('organisation', uniqueId('none'))).rejects.toThrow('is not active');
      await registry.commit({
        writeId: writeId(),
        puts: [
          {
            item: { type: 'study', record: aStudy(study, org, { status: 'closed' }) },
            expectedRevision: 1,
          },
        ],
      });
      await expect(active('study', study)).rejects.toThrow(`study ${study} is not active`);
    });

    it('names the first failure: a revision before a claim before a guard', async () => {
      const { registry } = await make();
      const name = `Hospital ${uniqueId('n')}`;
      const org = anOrganisation(uniqueId('org'), { name });
      await registry.commit(createOrganisation(org));
      const change = (expectedRevision: number): RegistryChange => ({
        writeId: writeId(),
        puts: [{ item: { type: 'organisation', record: org }, expectedRevision }],
        claims: [{ key: claimKeys.organisationName('DE', name), message: 'claim' }],
        guards: [{ kind: 'active', type: 'system', id: uniqueId('none'), message: 'guard' }],
      });
      expect((await refusalOf(registry.commit(change(5)))).message).toMatch(/changed by someone/);
      expect((await refusalOf(registry.commit(change(1)))).message).toBe('claim');
    });
  });

  describe('removals', () => {
    it('removes a record still at revision 1 and unused, with the claims its write made', async () => {
      const { registry } = await make();
      const name = `Practice ${uniqueId('n')}`;
      const [created, changed, used] = [
        anOrganisation(uniqueId('org'), { name }),
        anOrganisation(uniqueId('org'), { name: `${name} 2` }),
        anOrganisation(uniqueId('org'), { name: `${name} 3` }),
      ];
      for (const org of [created, changed, used]) await registry.commit(createOrganisation(org));
      await registry.commit({
        writeId: writeId(),
        puts: [{ item: { type: 'organisation', record: changed }, expectedRevision: 1 }],
        uses: [{ key: useKey('organisation', used.organisationId), by: 1 }],
      });
      const missing = uniqueId('org');
      await registry.commit({
        writeId: writeId(),
        puts: [],
        removals: [created, changed, used, anOrganisation(missing)].map((o) => ({
          type: 'organisation' as const,
          id: o.organisationId,
        })),
      });
      expect(await registry.get('organisation', created.organisationId)).toBeNull();
      expect(await registry.get('organisation', changed.organisationId)).not.toBeNull();
      expect(await registry.get('organisation', used.organisationId)).not.toBeNull();
      const snapshot = await registry.snapshot();
      expect(snapshot.organisations.has(created.organisationId)).toBe(false);
      expect(snapshot.organisations.has(changed.organisationId)).toBe(true);
      // The name is free again; the names of those left are still held.
      await registry.commit(createOrganisation(anOrganisation(uniqueId('org'), { name })));
      await expect(
        registry.commit(createOrganisation(anOrganisation(uniqueId('org'), { name: `${name} 2` }))),
      ).rejects.toThrow(/already exists/);
    });

    it('leaves a record something was built on meanwhile: a system, a study, a connection', async () => {
      const { registry } = await make();
      const [withSystem, asCro, bare] = [uniqueId('org'), uniqueId('org'), uniqueId('org')];
      for (const id of [withSystem, asCro, bare]) {
        await registry.commit(createOrganisation(anOrganisation(id, { name: `Clinic ${id}` })));
      }
      const sponsor = uniqueId('org');
      await registry.commit({
        writeId: writeId(),
        puts: [
          {
            item: { type: 'system', record: aSystem(uniqueId('sys'), withSystem) },
            expectedRevision: null,
          },
          {
            item: {
              type: 'study',
              record: aStudy(uniqueId('study'), sponsor, { croOrganisationId: asCro }),
            },
            expectedRevision: null,
          },
        ],
      });
      await registry.commit({
        writeId: writeId(),
        puts: [],
        removals: [withSystem, asCro, bare].map((id) => ({ type: 'organisation' as const, id })),
      });
      expect(await registry.get('organisation', withSystem)).not.toBeNull();
      expect(await registry.get('organisation', asCro)).not.toBeNull();
      expect(await registry.get('organisation', bare)).toBeNull();
    });
  });

  describe('snapshot', () => {
    it('is the whole registry at one version, the same object while nothing changed', async () => {
      const { registry, reader } = await make();
      const [org, sys] = [uniqueId('org'), uniqueId('sys')];
      await registry.commit({
        writeId: writeId(),
        puts: [
          { item: { type: 'organisation', record: anOrganisation(org) }, expectedRevision: null },
          { item: { type: 'system', record: aSystem(sys, org) }, expectedRevision: null },
        ],
      });
      const first = await reader.snapshot();
      expect(first.organisations.get(org)).toMatchObject({ organisationId: org, revision: 1 });
      expect(first.systems.get(sys)).toMatchObject({ organisationId: org });
      expect(await reader.snapshot()).toBe(first);

      await registry.commit({
        writeId: writeId(),
        puts: [
          {
            item: { type: 'system', record: aSystem(sys, org, { status: 'inactive' }) },
            expectedRevision: 1,
          },
        ],
      });
      const second = await reader.snapshot();
      expect(second.version).toBeGreaterThan(first.version);
      expect(second.systems.get(sys)).toMatchObject({ status: 'inactive', revision: 2 });
      expect(first.systems.get(sys)).toMatchObject({ status: 'active', revision: 1 });
      expect(Object.isFrozen(second.systems.get(sys))).toBe(true);
    });
  });
};

/** A fresh RegistryWrites with the registry it writes and the audit trail it appends to. */
export interface WritesUnderTest {
  writes: RegistryWrites;
  registry: Registry;
  audit: FakeAuditTrail;
}

const entry = (action: string, id: string): AuditEntry => ({
  action,
  outcome: 'success',
  actor: { sub: 'sub-1', email: 'admin@example.com', role: 'PlatformAdmin' },
  target: { type: 'organisation', id },
  organisationId: null,
  source: { ip: '203.0.113.9', userAgent: 'test' },
  requestId: 'req-1',
});

export const registryWritesBehaviour = (make: () => Promise<WritesUnderTest>) => {
  describe('RegistryWrites', () => {
    it('applies a change, then appends its audit entries', async () => {
      const { writes, registry, audit } = await make();
      const id = uniqueId('org');
      await writes.apply(`organisation:${id}`, createOrganisation(anOrganisation(id)), [
        entry('organisation.created', id),
      ]);
      expect(await registry.get('organisation', id)).toMatchObject({ revision: 1 });
      expect(audit.actions()).toEqual(['organisation.created']);
    });

    it('passes a refusal on and writes nothing', async () => {
      const { writes, audit } = await make();
      const id = uniqueId('org');
      const refusal = await refusalOf(
        writes.apply(
          `organisation:${id}`,
          {
            writeId: writeId(),
            puts: [
              { item: { type: 'organisation', record: anOrganisation(id) }, expectedRevision: 4 },
            ],
          },
          [entry('organisation.updated', id)],
        ),
      );
      expect(refusal.code).toBe('CONFLICT');
      expect(audit.entries).toEqual([]);
    });

    it('imports all parts, each audited', async () => {
      const { writes, registry, audit } = await make();
      const [a, b] = [uniqueId('org'), uniqueId('org')];
      await writes.applyAll(`import:${uniqueId('i')}`, [
        {
          change: createOrganisation(anOrganisation(a)),
          audit: [entry('organisation.created', a)],
        },
        {
          change: createOrganisation(anOrganisation(b)),
          audit: [entry('organisation.created', b)],
        },
      ]);
      expect(await registry.get('organisation', a)).not.toBeNull();
      expect(await registry.get('organisation', b)).not.toBeNull();
      expect(audit.actions()).toEqual(['organisation.created', 'organisation.created']);
    });

    it('undoes the parts made when a later one is refused, and records the failure once', async () => {
      const { writes, registry, audit } = await make();
      const name = `Centre ${uniqueId('n')}`;
      await registry.commit(createOrganisation(anOrganisation(uniqueId('org'), { name })));
      const [a, b, c] = [uniqueId('org'), uniqueId('org'), uniqueId('org')];
      const subject = `import:${uniqueId('i')}`;
      const refusal = await refusalOf(
        writes.applyAll(subject, [
          {
            change: {
              writeId: writeId(),
              puts: [a, b].map((id) => ({
                item: { type: 'organisation' as const, record: anOrganisation(id) },
                expectedRevision: null,
              })),
              claims: [a, b].map((id) => ({
                key: claimKeys.organisationName('DE', `Organisation ${id}`),
                message: 'taken',
              })),
            },
            audit: [entry('organisation.created', a), entry('organisation.created', b)],
          },
          {
            change: createOrganisation(anOrganisation(c, { name })),
            audit: [entry('organisation.created', c)],
          },
        ]),
      );
      expect(refusal.message).toBe('An organisation of this name already exists in this country.');
      for (const id of [a, b, c]) expect(await registry.get('organisation', id)).toBeNull();
      // Their names are free again.
      await registry.commit(createOrganisation(anOrganisation(a)));
      expect(audit.actions()).toEqual([
        'organisation.created',
        'organisation.created',
        'registry.import',
      ]);
      expect(audit.entries[2]).toMatchObject({
        outcome: 'failure',
        target: { type: 'import', id: subject },
        requestId: 'req-1',
        reason: expect.stringContaining('2 record(s) made before were removed again') as unknown,
      });
    });
  });
};
