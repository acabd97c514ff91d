import * as z from 'zod';
import { eventKindSchema, eventSubjectSchema } from '@ccsc/contract/events';
import type { WriteRun } from './journal-workflow';
import type { EventDraft, EventLog } from './ports/events';

/**
 * How a journaled write emits its events (issue 35), the way its audit step records its audit
 * entries: a step after the change that made the fact calls `emitEventsOnce` with the drafts the
 * write's input carries. Each draft is keyed by the write's id and its place in the list, so the
 * step run again after an interruption writes none twice, and a write emits the same events
 * however often it is finished. Other parts (reject/recall, requests, distributions) add a step
 * `eventsStep((input) => input.events)` to their workflow and put their drafts in its input.
 */
export const emitEventsOnce = async (
  deps: { events: Pick<EventLog, 'appendOnce'> },
  write: Pick<WriteRun<unknown, unknown>, 'writeId' | 'startedAt'>,
  drafts: readonly EventDraft[],
): Promise<void> => {
  if (drafts.length === 0) return;
  await deps.events.appendOnce(
    drafts.map((draft, i) => ({ key: `${write.writeId}:${String(i)}`, draft })),
    write.startedAt,
  );
};

/**
 * The journal step that emits a write's events, to put after the step that makes the fact.
 * Deferrable, like the audit step: the fact is made, and the events follow when the write is
 * finished if the log cannot take them now.
 */
export const eventsStep = <I, S>(draftsOf: (input: I) => readonly EventDraft[] | undefined) => ({
  name: 'events',
  deferrable: true,
  run: async (
    write: WriteRun<I, S>,
    deps: { events: Pick<EventLog, 'appendOnce'> },
  ): Promise<undefined> => {
    await emitEventsOnce(deps, write, draftsOf(write.input) ?? []);
    return undefined;
  },
});

/** A draft as a journal entry's input stores it, parsed when an interrupted write is taken over. */
export const eventDraftSchema: z.ZodType<EventDraft> = /* @__PURE__ */ z.lazy(() =>
  z.object({
    kind: eventKindSchema,
    organisationId: z.string(),
    subject: eventSubjectSchema,
    counterpart: z.object({ organisationId: z.string(), name: z.string() }).nullable(),
    reason: z.string().nullable(),
  }),
);

/**
 * Drafts that differ only in the organisation that hears of them (a standard published to each
 * of a busy sponsor's thousands of partner sites), as a journal entry keeps them: the draft once
 * and the organisations' ids. An entry of thousands of whole drafts exceeds DynamoDB's 400 KB
 * item (the bench's busiest sponsor, 6,000 connections, failed to publish with a 500); grouped,
 * an organisation costs its id.
 */
export interface EventGroup {
  draft: Omit<EventDraft, 'organisationId'>;
  organisationIds: string[];
}

/** The drafts grouped by all but their organisation, in the order each group first appears. */
export const groupEvents = (drafts: readonly EventDraft[]): EventGroup[] => {
  const groups = new Map<string, EventGroup>();
  for (const { organisationId, ...draft } of drafts) {
    const key = JSON.stringify([draft.kind, draft.subject, draft.counterpart, draft.reason]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { draft, organisationIds: [organisationId] });
    else group.organisationIds.push(organisationId);
  }
  return [...groups.values()];
};

/** The drafts of the groups, group after group (the same list each time it is read). */
export const eventsOfGroups = (groups: readonly EventGroup[]): EventDraft[] =>
  groups.flatMap(({ draft, organisationIds }) =>
    organisationIds.map((organisationId) => ({ ...draft, organisationId })),
  );

/** A group as a journal entry's input stores it. */
export const eventGroupSchema: z.ZodType<EventGroup> = /* @__PURE__ */ z.lazy(() =>
  z.object({
    draft: z.object({
      kind: eventKindSchema,
      subject: eventSubjectSchema,
      counterpart: z.object({ organisationId: z.string(), name: z.string() }).nullable(),
      reason: z.string().nullable(),
    }),
    organisationIds: z.array(z.string()),
  }),
);
