import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../ports/audit-trail';
import { claimKeys, type Registry, type RegistryWrites } from '../ports/registry';
import type { FakeAuditTrail } from './fakes';
import { anOrganisation } from './memory-registry';
import { createOrganisation, refusalOf, writeId, uniqueId } from './registry-suite-kit';

/** What every RegistryWrites does (registry-suite.ts runs the stores' own suite). */

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
