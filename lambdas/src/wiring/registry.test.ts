import { describe, expect, it } from 'vitest';
import { ConflictError } from '../core/errors';
import { LEASE_MS } from '../core/journal';
import type { AuditEntry } from '../core/ports/audit-trail';
import { claimKeys, type RegistryChange } from '../core/ports/registry';
import { FakeAuditTrail, FakeClock, silentLogger } from '../core/testing/fakes';
import {
  anOrganisation,
  MemoryImportStaging,
  MemoryRegistry,
} from '../core/testing/memory-registry';
import { MemoryEventLog } from '../core/testing/memory-events';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import { registryWritesBehaviour } from '../core/testing/registry-suite';
import { JournaledRegistryWrites, type RegistryWriteDeps, registryWriteJournal } from './registry';

/** The production RegistryWrites (the write journal over the registry) on in-memory stores. */
const setUp = () => {
  const clock = new FakeClock();
  const registry = new MemoryRegistry();
  const audit = new FakeAuditTrail();
  audit.clock = clock;
  const staging = new MemoryImportStaging();
  const journal = new MemoryWriteJournal(clock);
  const events = new MemoryEventLog();
  const deps: RegistryWriteDeps = {
    registry,
    staging,
    audit,
    auditReader: audit,
    events,
    clock,
    logger: silentLogger(),
  };
  let ids = 0;
  const newId = () => {
    ids += 1;
    return `id-${String(ids)}`;
  };
  const runner = registryWriteJournal({ journal, newId, sleep: clock.sleep }, deps);
  const writes = new JournaledRegistryWrites(runner, staging, newId);
  return { clock, registry, audit, staging, journal, runner, writes, events };
};

describe('JournaledRegistryWrites', () => {
  registryWritesBehaviour(() => Promise.resolve(setUp()));
});

const entry = (id: string, requestId = 'req-1'): AuditEntry => ({
  action: 'organisation.created',
  outcome: 'success',
  actor: { sub: 'sub-1', email: 'admin@example.com', role: 'PlatformAdmin' },
  target: { type: 'organisation', id },
  organisationId: id,
  source: { ip: '203.0.113.9', userAgent: 'test' },
  requestId,
});

const create = (id: string, name = `Organisation ${id}`): RegistryChange => ({
  writeId: `write-${id}`,
  puts: [
    {
      item: { type: 'organisation', record: anOrganisation(id, { name }) },
      expectedRevision: null,
    },
  ],
  claims: [{ key: claimKeys.organisationName('DE', name), message: 'Name taken.' }],
});

describe('journaled registry writes cut short', () => {
  it('answers success when only the audit failed, and appends each entry once later', async () => {
    const t = setUp();
    t.audit.failWith = new Error('audit table unavailable');
    await t.writes.apply('organisation:o1', create('o1'), [entry('o1'), entry('o1-b')]);
    expect(await t.registry.get('organisation', 'o1')).not.toBeNull();
    expect(t.audit.entries).toEqual([]);
    t.audit.failWith = null;
    expect(await t.runner.reconcile(true)).toMatchObject({ finished: 1 });
    expect(t.audit.entries.map((e) => e.target?.id)).toEqual(['o1', 'o1-b']);
    expect(t.journal.entries.size).toBe(0);
  });

  it.each([0, 1, 2])(
    'emits a write’s events once, also when the process died after %i saved steps (issue 35)',
    async (saves) => {
      const t = setUp();
      const draft = (organisationId: string) => ({
        kind: 'connection.invited' as const,
        organisationId,
        subject: { type: 'connection' as const, id: 'c1', name: 'Site 001' },
        counterpart: { organisationId: 'sponsor', name: 'Sponsor' },
        reason: null,
      });
      t.journal.crashAfterSaves = saves;
      const run = t.writes.apply(
        'organisation:o1',
        create('o1'),
        [entry('o1')],
        [draft('site'), draft('cro')],
      );
      if (saves < 2) {
        await expect(run).rejects.toThrow('the process died');
        t.journal.restart();
        await t.runner.reconcile(true);
      } else {
        await run;
      }
      // Finished again from the start: the events step runs again and writes nothing twice.
      expect(t.events.events.map((e) => [e.organisationId, e.sequence])).toEqual([
        ['site', 1],
        ['cro', 1],
      ]);
      expect(t.audit.entries).toHaveLength(1);
      expect(t.journal.entries.size).toBe(0);
    },
  );

  it.each([0, 1, 2, 3])(
    'finishes an import the process died in after %i saved steps: each part once, each entry once',
    async (saves) => {
      const t = setUp();
      t.journal.crashAfterSaves = saves;
      const parts = ['a', 'b', 'c'].map((id) => ({ change: create(id), audit: [entry(id)] }));
      await expect(t.writes.applyAll('import:x', parts)).rejects.toThrow('the process died');
      t.journal.restart();
      expect(await t.runner.reconcile(true)).toMatchObject({ finished: 1 });
      for (const id of ['a', 'b', 'c']) {
        expect(await t.registry.get('organisation', id)).toMatchObject({ revision: 1 });
      }
      expect(t.audit.entries.map((e) => e.target?.id)).toEqual(['a', 'b', 'c']);
      expect(t.staging.parts.size).toBe(0);
      expect(t.journal.entries.size).toBe(0);
    },
  );

  const refusedImport = async () => {
    const t = setUp();
    await t.registry.commit(create('existing', 'Taken Name'));
    const parts = [
      { change: create('a'), audit: [entry('a')] },
      { change: create('b', 'Taken Name'), audit: [entry('b')] },
    ];
    return { t, parts };
  };

  it('finishes an import cut short before a part that is then refused: undone, recorded once', async () => {
    const { t, parts } = await refusedImport();
    // Dies as it marks the write refused: commit-0 and audit-0 are saved, nothing more.
    t.journal.crashAfterSaves = 2;
    await expect(t.writes.applyAll('import:y', parts)).rejects.toThrow('the process died');
    expect(await t.registry.get('organisation', 'a')).not.toBeNull();
    t.journal.restart();
    t.clock.advance(LEASE_MS + 1);
    expect(await t.runner.reconcile(false)).toMatchObject({ abandoned: 1 });
    expect(await t.registry.get('organisation', 'a')).toBeNull();
    expect(t.audit.actions()).toEqual(['organisation.created', 'registry.import']);
    expect(t.audit.entries[1]).toMatchObject({ target: { type: 'import', id: 'import:y' } });
    expect(t.staging.parts.size).toBe(0);
  });

  it('goes on undoing a refused import whose undo failed, and records the failure once', async () => {
    const { t, parts } = await refusedImport();
    // The part is refused and undone, but its failure cannot be recorded yet.
    const append = t.audit.append.bind(t.audit);
    t.audit.append = (e) =>
      e.action === 'registry.import' ? Promise.reject(new Error('audit unavailable')) : append(e);
    await expect(t.writes.applyAll('import:y', parts)).rejects.toThrow('Name taken.');
    expect(t.journal.entries.get('import:y')?.abandoning).toMatchObject({ code: 'CONFLICT' });
    t.audit.append = append;
    t.clock.advance(1);
    expect(await t.runner.reconcile(false)).toMatchObject({ abandoned: 1 });
    expect(await t.registry.get('organisation', 'a')).toBeNull();
    expect(t.audit.actions()).toEqual(['organisation.created', 'registry.import']);
    expect(t.audit.entries[1]?.reason).toMatch(/^Name taken\. 1 record\(s\) made before/);
    expect(t.staging.parts.size).toBe(0);
    // Again: nothing more is undone or recorded.
    expect(await t.runner.reconcile(true)).toMatchObject({ abandoned: 0, finished: 0 });
    expect(t.audit.entries).toHaveLength(2);
  });

  it('makes a second write on the same subject wait, then refuses it', async () => {
    const t = setUp();
    t.journal.crashAfterSaves = 0;
    await expect(t.writes.apply('organisation:o1', create('o1'), [entry('o1')])).rejects.toThrow();
    t.journal.restart();
    // The first write's lease has not run out: a second on the subject waits, then gets 409.
    await expect(
      t.writes.apply('organisation:o1', create('o2'), [entry('o2')]),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});
