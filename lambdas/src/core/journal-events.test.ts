import { describe, expect, it } from 'vitest';
import { emitEventsOnce, eventsStep } from './journal-events';
import type { EventDraft } from './ports/events';
import { MemoryEventLog } from './testing/memory-events';

const draft = (organisationId: string, kind: EventDraft['kind'] = 'connection.accepted') => ({
  kind,
  organisationId,
  subject: { type: 'connection' as const, id: 'c1', name: 'Site 001' },
  counterpart: null,
  reason: null,
});
const write = { writeId: 'w1', startedAt: new Date('2026-01-01T00:00:00.000Z') };

describe('a journaled write’s events', () => {
  it('are written once per write and place, however often the step runs', async () => {
    const events = new MemoryEventLog();
    await emitEventsOnce({ events }, write, [draft('a'), draft('b'), draft('a')]);
    await emitEventsOnce({ events }, write, [draft('a'), draft('b'), draft('a')]);
    expect(events.events.map((e) => [e.organisationId, e.sequence])).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 2],
    ]);
    // Another write's events take the next sequences.
    await emitEventsOnce({ events }, { ...write, writeId: 'w2' }, [draft('a')]);
    expect(events.events.at(-1)).toMatchObject({ organisationId: 'a', sequence: 3 });
  });

  it('are a deferrable step named events that reads the drafts from the input', async () => {
    const events = new MemoryEventLog();
    const step = eventsStep<{ events?: EventDraft[] }, object>((input) => input.events);
    expect(step).toMatchObject({ name: 'events', deferrable: true });
    const run = {
      ...write,
      input: { events: [draft('a')] },
      transient: undefined,
      state: {},
      attempt: 1,
      done: [],
    };
    await step.run(run, { events });
    await step.run({ ...run, attempt: 2 }, { events });
    await step.run({ ...run, writeId: 'w3', input: {} }, { events });
    expect(events.events).toHaveLength(1);
  });

  it('pages a feed in order and stops before a young gap, passing it once it is old', async () => {
    const events = new MemoryEventLog();
    const at = new Date('2026-01-01T00:00:00.000Z');
    await events.appendOnce([{ key: 'k1', draft: draft('a') }], at);
    events.takeSequence('a'); // a write that took 2 and has not written it yet
    await events.appendOnce([{ key: 'k3', draft: draft('a') }], at);
    const soon = new Date(at.getTime() + 1_000);
    expect((await events.page('a', 0, 10, soon)).map((e) => e.sequence)).toEqual([1]);
    expect(await events.page('a', 1, 10, soon)).toEqual([]);
    const later = new Date(at.getTime() + 60_000);
    expect((await events.page('a', 1, 10, later)).map((e) => e.sequence)).toEqual([3]);
    expect((await events.page('a', 0, 1, later)).map((e) => e.sequence)).toEqual([1]);
  });
});
