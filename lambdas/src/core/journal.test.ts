import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ConflictError, TooManyRequestsError } from './errors';
import { armFailpoints } from './failpoints';
import { FakeAuditTrail, FakeClock, silentLogger } from './testing/fakes';
import { MemoryWriteJournal } from './testing/memory-write-journal';
import {
  Journal,
  LEASE_MS,
  register,
  SUBJECT_BUSY,
  WAIT_FOR_SUBJECT_MS,
  type Workflow,
} from './journal';
import { recordOnce } from './journal-audit';

/** A world the steps change: named effects, each counted, some made to fail. */
class World {
  readonly effects: string[] = [];
  readonly undone: string[] = [];
  failing = new Map<string, Error>();
  async effect(name: string): Promise<void> {
    await Promise.resolve();
    const failure = this.failing.get(name);
    if (failure) throw failure;
    this.effects.push(name);
  }
}

interface Deps {
  world: World;
  audit: FakeAuditTrail;
}

const input = z.object({ requestId: z.string() });
const state = z.object({ made: z.string().optional() });

const workflow: Workflow<z.infer<typeof input>, z.infer<typeof state>, Deps> = {
  kind: 'test.write',
  input,
  state,
  steps: () => [
    {
      name: 'make',
      // Idempotent, as every step must be: what was made before is found, not made again.
      run: async (_w, { world }) => {
        if (!world.effects.includes('make')) await world.effect('make');
        return { made: 'thing-1' };
      },
    },
    {
      name: 'mark',
      run: async ({ state: s }, { world }) => {
        await world.effect(`mark ${s.made ?? '?'}`);
        return undefined;
      },
    },
    {
      name: 'audit',
      run: async (w, { audit }) => {
        await recordOnce(audit, audit, w, {
          action: 'thing.made',
          outcome: 'success',
          actor: null,
          source: { ip: '-', userAgent: null },
          requestId: w.input.requestId,
        });
        return undefined;
      },
    },
    {
      name: 'index',
      deferrable: true,
      run: async (_w, { world }) => {
        await world.effect('index');
        return undefined;
      },
    },
  ],
  abandon: async ({ state: s }, { world, audit }, refusal) => {
    if (s.made !== undefined) world.undone.push(s.made);
    await audit.append({
      action: 'thing.made',
      outcome: 'failure',
      actor: null,
      source: { ip: '-', userAgent: null },
      requestId: 'r',
      reason: refusal.message,
    });
  },
};

const setUp = () => {
  const clock = new FakeClock();
  const journal = new MemoryWriteJournal(clock);
  const world = new World();
  const audit = new FakeAuditTrail();
  audit.clock = clock;
  const logger = silentLogger();
  const runner = new Journal({ journal, clock, logger, sleep: clock.sleep }, [register(workflow)], {
    world,
    audit,
  });
  return { clock, journal, world, audit, runner, logger };
};

describe('the write journal (issue 12)', () => {
  it('runs the steps in order, hands state on, and leaves nothing behind', async () => {
    const { runner, world, journal, audit } = setUp();
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).resolves.toEqual({
      made: 'thing-1',
    });
    expect(world.effects).toEqual(['make', 'mark thing-1', 'index']);
    expect(audit.actions()).toEqual(['thing.made']);
    expect(journal.entries.size).toBe(0);
  });

  it.each([0, 1, 2])(
    'finishes a write the process died in after %i saved steps, each effect once, recorded once',
    async (saves) => {
      const { runner, world, journal, audit } = setUp();
      journal.crashAfterSaves = saves;
      await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow(
        'the process died',
      );
      journal.restart();
      // At start-up offline: whatever was in flight belongs to a dead process.
      expect(await runner.reconcile(true)).toMatchObject({ finished: 1 });
      expect(world.effects.filter((e) => e === 'make')).toHaveLength(1);
      expect(world.effects).toContain('mark thing-1');
      expect(world.effects.filter((e) => e === 'index')).toHaveLength(1);
      expect(audit.actions()).toEqual(['thing.made']);
      expect(journal.entries.size).toBe(0);
    },
  );

  it('does not append the record twice when the process died right after appending it', async () => {
    const { runner, journal, audit, world } = setUp();
    // Dies on the save after the audit step: the record is there, the journal does not say so.
    journal.crashAfterSaves = 2;
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow();
    expect(audit.actions()).toEqual(['thing.made']);
    journal.restart();
    await runner.reconcile(true);
    expect(audit.actions()).toEqual(['thing.made']);
    expect(world.effects).toContain('index');
  });

  it('leaves a write whose step failed for later, and the next write on the subject finishes it', async () => {
    const { runner, world, journal, clock } = setUp();
    world.failing.set('mark thing-1', new TooManyRequestsError());
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow(
      TooManyRequestsError,
    );
    expect(journal.entries.get('thing:1')?.done).toEqual(['make']);
    world.failing.clear();
    clock.advance(1);
    await runner.run(workflow, 'thing:1', { requestId: 'r2' });
    // The interrupted write's remaining steps, then the new write's (its make finds the thing).
    expect(world.effects).toEqual(['make', 'mark thing-1', 'index', 'mark thing-1', 'index']);
    expect(journal.entries.size).toBe(0);
  });

  it('answers success when only the deferrable last step failed, and finishes it later', async () => {
    const { runner, world, journal, clock, logger } = setUp();
    world.failing.set('index', new Error('DynamoDB unavailable'));
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).resolves.toEqual({
      made: 'thing-1',
    });
    expect(logger.errors).toHaveLength(1);
    expect(journal.entries.get('thing:1')?.done).toEqual(['make', 'mark', 'audit']);
    world.failing.clear();
    clock.advance(1);
    expect(await runner.reconcile(false)).toMatchObject({ finished: 1 });
    expect(world.effects.filter((e) => e === 'index')).toHaveLength(1);
  });

  it('abandons a write refused for good: undone, recorded, gone from the journal', async () => {
    const { runner, world, journal, audit } = setUp();
    world.failing.set('mark thing-1', new ConflictError('taken'));
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toEqual(
      new ConflictError('taken'),
    );
    expect(world.undone).toEqual(['thing-1']);
    expect(audit.entries).toEqual([
      expect.objectContaining({ outcome: 'failure', reason: 'taken' }),
    ]);
    expect(journal.entries.size).toBe(0);
  });

  it('waits for a running write on the same subject, then answers 409', async () => {
    const { runner, journal, clock } = setUp();
    await journal.begin({
      subject: 'thing:1',
      id: 'other',
      kind: 'test.write',
      input: { requestId: 'x' },
      state: {},
      done: [],
      startedAt: clock.now(),
      owner: 'someone',
      leaseUntil: new Date(clock.now().getTime() + LEASE_MS),
      attempt: 1,
    });
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toEqual(
      new ConflictError(SUBJECT_BUSY),
    );
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(WAIT_FOR_SUBJECT_MS);
  });

  it('leaves running writes alone on a scheduled pass, and takes over those whose lease ran out', async () => {
    const { runner, journal, clock, world } = setUp();
    journal.crashAfterSaves = 0;
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow();
    journal.restart();
    expect(await runner.reconcile(false)).toMatchObject({ finished: 0 });
    clock.advance(LEASE_MS + 1);
    expect(await runner.reconcile(false)).toMatchObject({ finished: 1 });
    expect(world.effects.filter((e) => e === 'index')).toHaveLength(1);
  });

  it('never lets two processes finish the same interrupted write', async () => {
    const { runner, journal, clock, world } = setUp();
    journal.crashAfterSaves = 0;
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow();
    journal.restart();
    clock.advance(LEASE_MS + 1);
    const outcomes = await Promise.all([runner.reconcile(false), runner.reconcile(false)]);
    expect(outcomes.map((o) => o.finished).sort()).toEqual([0, 1]);
    expect(world.effects.filter((e) => e.startsWith('mark'))).toHaveLength(1);
  });

  it('leaves an entry of a kind it does not know for an engineer, and says so', async () => {
    const { runner, journal, clock, logger } = setUp();
    await journal.begin({
      subject: 'thing:2',
      id: 'x',
      kind: 'no.such.kind',
      input: {},
      state: {},
      done: [],
      startedAt: clock.now(),
      owner: 'gone',
      leaseUntil: clock.now(),
      attempt: 1,
    });
    expect(await runner.reconcile(true)).toMatchObject({ unknown: 1 });
    expect(journal.entries.size).toBe(1);
    expect(logger.errors).toEqual([expect.objectContaining({ kind: 'no.such.kind' })]);
  });

  it('tells a write’s success record from its failure record when finishing it', async () => {
    const audit = new FakeAuditTrail();
    const base = {
      action: 'thing.made',
      actor: null,
      source: { ip: '-', userAgent: null },
      requestId: 'r1',
    };
    await audit.append({ ...base, outcome: 'failure', reason: 'refused' });
    const write = { attempt: 2, startedAt: new Date('2025-01-15T10:00:00.000Z') };
    await recordOnce(audit, audit, write, { ...base, outcome: 'success' });
    await recordOnce(audit, audit, write, { ...base, outcome: 'success' });
    expect(audit.entries.map((e) => e.outcome)).toEqual(['failure', 'success']);
  });
});

describe('what issue 32 added to the journal', () => {
  it('settles a subject: an interrupted write is finished first, then nothing holds it', async () => {
    const { runner, journal, world, clock } = setUp();
    journal.crashAfterSaves = 1;
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow();
    journal.restart();
    expect(journal.entries.size).toBe(1);
    // Its lease ran out only for a dead process: the next call on the subject waits, then takes it
    // over once the lease is gone.
    clock.advance(LEASE_MS + 1);
    await runner.settle('thing:1');
    expect(journal.entries.size).toBe(0);
    expect(world.effects).toContain('index');
    // Nothing on another subject: nothing to do.
    await expect(runner.settle('thing:2')).resolves.toBeUndefined();
  });

  it('settling a subject a live write holds waits a moment, then answers 409', async () => {
    const { runner, journal, clock } = setUp();
    await journal.begin({
      subject: 'thing:1',
      id: 'other',
      kind: 'test.write',
      input: { requestId: 'x' },
      state: {},
      done: [],
      startedAt: clock.now(),
      owner: 'someone',
      leaseUntil: new Date(clock.now().getTime() + LEASE_MS),
      attempt: 1,
    });
    await expect(runner.settle('thing:1', 'busy')).rejects.toEqual(new ConflictError('busy'));
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(WAIT_FOR_SUBJECT_MS);
  });

  it('gives every run of one write the same writeId, the entry’s', async () => {
    const ids: string[] = [];
    const marking: Workflow<{ n: number }, object, { ids: string[] }> = {
      kind: 'test.mark',
      input: z.object({ n: z.number() }),
      state: z.object({}),
      steps: () => [
        {
          name: 'one',
          run: (w, d) => {
            d.ids.push(w.writeId);
            return Promise.resolve(undefined);
          },
        },
        {
          name: 'two',
          run: (w, d) => {
            d.ids.push(w.writeId);
            return Promise.resolve(undefined);
          },
        },
      ],
      abandon: () => Promise.resolve(),
    };
    const clock = new FakeClock();
    const journal = new MemoryWriteJournal(clock);
    const runner = new Journal(
      { journal, clock, logger: silentLogger(), sleep: clock.sleep },
      [register(marking)],
      { ids },
    );
    journal.crashAfterSaves = 0;
    await expect(runner.run(marking, 'm:1', { n: 1 })).rejects.toThrow();
    journal.restart();
    await runner.reconcile(true);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('passes a named failpoint after the write is recorded and after each step', async () => {
    const passed: string[] = [];
    armFailpoints(
      ['journal:test.write:begun', 'journal:test.write:make', 'journal:test.write:mark'],
      (name) => passed.push(name),
    );
    try {
      const { runner } = setUp();
      await runner.run(workflow, 'thing:1', { requestId: 'r1' });
    } finally {
      armFailpoints([]);
    }
    expect(passed).toEqual([
      'journal:test.write:begun',
      'journal:test.write:make',
      'journal:test.write:mark',
    ]);
  });

  it('leaves a write whose deferrable step fails again for the next try, and a new write waits', async () => {
    const { runner, world, journal, clock } = setUp();
    world.failing.set('index', new Error('DynamoDB unavailable'));
    await runner.run(workflow, 'thing:1', { requestId: 'r1' });
    clock.advance(1);
    expect(await runner.reconcile(false)).toMatchObject({ left: 1, finished: 0 });
    // A new write on the subject finds it unfinishable now: an error, never a loop.
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r2' })).rejects.toThrow(
      /cannot be finished/u,
    );
    world.failing.clear();
    clock.advance(1);
    expect(await runner.reconcile(false)).toMatchObject({ finished: 1 });
    expect(journal.entries.size).toBe(0);
  });

  it('counts a refused write whose undo failed as left, not abandoned, and undoes it next time', async () => {
    const { runner, world, journal, clock, audit } = setUp();
    world.failing.set('mark thing-1', new ConflictError('taken'));
    journal.crashAfterSaves = 0; // the crash comes after the make step: recovery refuses, undoes
    await expect(runner.run(workflow, 'thing:1', { requestId: 'r1' })).rejects.toThrow();
    journal.restart();
    // The undo records the failure; the trail cannot take it now.
    audit.failWith = new Error('DynamoDB unavailable');
    expect(await runner.reconcile(true)).toMatchObject({ left: 1, abandoned: 0 });
    audit.failWith = null;
    clock.advance(1);
    expect(await runner.reconcile(false)).toMatchObject({ abandoned: 1 });
    expect(journal.entries.size).toBe(0);
  });
});
