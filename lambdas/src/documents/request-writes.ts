import * as z from 'zod';
import { ConflictError } from '../core/errors';
import {
  Journal,
  type JournalDeps,
  register,
  type RegisteredWorkflow,
  type Workflow,
} from '../core/journal';
import { appendEachOnce, auditEntrySchema } from '../core/journal-audit';
import { eventDraftSchema, eventsStep } from '../core/journal-events';
import type { Logger } from '../core/logger';
import type { AuditEntry, AuditReader, AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import type { EventDraft, EventLog } from '../core/ports/events';
import {
  type DocumentRequestStore,
  expectedListRecordSchema,
  requestRecordSchema,
  type RequestStorePut,
} from '../core/ports/document-requests';

/**
 * `request.write` (issue 35): a change to a study's expected-documents list or its document
 * requests, journaled (core/journal.ts) like the registry's writes: the records put on their
 * conditions (each marked with the write's id, so a step run again after an interruption finds
 * its own change), then the audit records, then the events the change is news of (a request for
 * its site: request-events.ts), each exactly once. Not a `document.*` kind: the write
 * reconciler finishes it (jobs/reconcile-writes.ts), not the documents' release job.
 */

export interface RequestWriteDeps {
  requests: Pick<DocumentRequestStore, 'commit'>;
  audit: Pick<AuditTrail, 'appendAll'>;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  events: Pick<EventLog, 'appendOnce'>;
  clock: Clock;
  logger: Logger;
}

export const REQUESTS_CHANGED =
  "The study's expected documents or requests changed meanwhile; reload and try again.";
const REQUESTS_BUSY =
  "Another change to this study's requests is in progress. Try again in a moment.";

const putSchema: z.ZodType<RequestStorePut> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('expected'),
    record: expectedListRecordSchema,
    expectedRevision: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('request'),
    record: requestRecordSchema,
    expectedRevision: z.number().int().nullable(),
  }),
]);
const writeInput = z.object({
  puts: z.array(putSchema),
  audit: z.array(auditEntrySchema),
  // Issue 35: entries journaled before the requests had events have none.
  events: z.array(eventDraftSchema).default([]),
});
type WriteInput = z.output<typeof writeInput>;

export const requestWrite: Workflow<WriteInput, object, RequestWriteDeps> = {
  kind: 'request.write',
  input: writeInput,
  state: z.object({}),
  steps: () => [
    {
      name: 'commit',
      run: async ({ input, writeId }, deps) => {
        // Each record marked with this write's id: run again, the commit knows its own change.
        const marked = input.puts.map((put): RequestStorePut =>
          put.kind === 'expected'
            ? { ...put, record: { ...put.record, lastWriteId: writeId } }
            : { ...put, record: { ...put.record, lastWriteId: writeId } },
        );
        const conflicts = await deps.requests.commit(marked, writeId);
        if (conflicts.length > 0) throw new ConflictError(REQUESTS_CHANGED);
        return undefined;
      },
    },
    {
      // After the records: a trail that cannot take the entries now leaves the write to be
      // finished (its entries then, once), the caller still told the change was made.
      name: 'audit',
      deferrable: true,
      run: async (write, deps) => {
        await appendEachOnce(deps, write, write.input.audit);
        return undefined;
      },
    },
    // The facts the change made for the other side (issue 35), once, after its audit.
    eventsStep<WriteInput, object>((input) => input.events),
  ],
  // A conflict refuses the commit. The only write of several records is a create's, whose
  // records are new (fresh ids: none can conflict), so a refused commit changed nothing.
  abandon: () => Promise.resolve(),
};

export const REQUEST_WRITES: readonly RegisteredWorkflow<RequestWriteDeps>[] = [
  register(requestWrite),
];

/** What the cores call: one journaled write per study at a time. */
export interface RequestWrites {
  apply(
    studyId: string,
    puts: RequestStorePut[],
    audit: AuditEntry[],
    events?: EventDraft[],
  ): Promise<void>;
}

export class JournaledRequestWrites implements RequestWrites {
  constructor(private readonly journal: Journal<RequestWriteDeps>) {}

  async apply(
    studyId: string,
    puts: RequestStorePut[],
    audit: AuditEntry[],
    events: EventDraft[] = [],
  ): Promise<void> {
    await this.journal.run(
      requestWrite,
      `study-requests:${studyId}`,
      { puts, audit, events },
      {
        busyMessage: REQUESTS_BUSY,
      },
    );
  }
}

export const requestWriteJournal = (
  journal: Omit<JournalDeps, 'clock' | 'logger'>,
  deps: RequestWriteDeps,
): Journal<RequestWriteDeps> =>
  new Journal({ ...journal, clock: deps.clock, logger: deps.logger }, REQUEST_WRITES, deps);
