import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { type RegistryChange, useKey } from '../ports/registry';
import { aConnection, anOrganisation, aSystem } from './memory-registry';
import {
  type RegistryUnderTest,
  createOrganisation,
  refusalOf,
  writeId,
  uniqueId,
} from './registry-suite-kit';

/** The registry suite's records and revisions (registry-suite.ts). */
export const recordsBehaviour = (make: () => Promise<RegistryUnderTest>) => {
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
};
