import { describe, expect, it } from 'vitest';
import { claimKeys, type RegistryChange, useKey } from '../ports/registry';
import { anOrganisation, aStudy, aSystem } from './memory-registry';
import {
  type RegistryUnderTest,
  createOrganisation,
  refusalOf,
  writeId,
  uniqueId,
} from './registry-suite-kit';

/** The registry suite's claims, uses, guards, removals and snapshots (registry-suite.ts). */
export const claimsBehaviour = (make: () => Promise<RegistryUnderTest>) => {
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
