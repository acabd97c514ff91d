import type { RecoveryOutcome } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import { RETURN_KIND } from '../documents/document-kinds';
import { DOCUMENT_RETURN_WRITES } from '../documents/document-returns';
import { emitRequestEvents, type RequestEventsOutcome } from '../documents/request-events';
import { documentStore } from '../wiring/documents';
import { requestStore } from '../wiring/document-requests';
import { documentWrites } from '../wiring/document-writes';
import { eventWriter } from '../wiring/events';
import { registryReader } from '../wiring/registry';
import { scheduledJob } from '../telemetry';

/**
 * The documents' follow-ups (issue 35; every 15 minutes in AWS, offline on every pass of the
 * scheduled jobs):
 *
 * - a document sent back (rejected, recalled, a recall answered) whose write was cut short is
 *   finished by the same steps — its audit records and its event for the other side, once. This
 *   job, not the documents' release job, carries the returns' steps: that one is at its size
 *   budget (jobs/release-held-documents.ts leaves `document.return` to it);
 * - every study's document requests are read and what their state is news of is emitted once
 *   (documents/request-events.ts): due soon, overdue, fulfilled.
 */
export const finishInterruptedReturns = async (
  force: boolean,
): Promise<Record<RecoveryOutcome, number>> => {
  const outcomes = await documentWrites(DOCUMENT_RETURN_WRITES).reconcile(
    force,
    (kind) => kind !== RETURN_KIND,
  );
  if (Object.values(outcomes).some((n) => n > 0)) {
    lambdaLogger.info('write journal: interrupted document returns handled', outcomes);
  }
  return outcomes;
};

export const runRequestEvents = async (): Promise<RequestEventsOutcome> => {
  const outcome = await emitRequestEvents(
    {
      registry: registryReader(),
      requests: requestStore(),
      documents: documentStore(),
      events: eventWriter(),
      clock: systemClock,
    },
    (studyId, err) => {
      lambdaLogger.error('request events: a study failed', { studyId, err });
    },
  );
  if (outcome.offered + outcome.failed > 0) lambdaLogger.info('request events', { ...outcome });
  return outcome;
};

/** Both, as the offline console and the schedule run them. */
export const runDocumentFollowUps = async (force = false) => {
  const returns = await finishInterruptedReturns(force);
  const requests = await runRequestEvents();
  return { returns, requests };
};

/**
 * The scheduled entry: a return it could not finish, or a study whose requests it could not
 * read, fails the run (alarmed); the rest went on, and the next run takes them up again.
 */
export const handler = scheduledJob('document-follow-ups', async () => {
  const outcome = await runDocumentFollowUps();
  const unfinished = outcome.returns.left + outcome.returns.unknown;
  if (unfinished > 0 || outcome.requests.failed > 0) {
    throw new Error(
      `document follow-ups: ${String(unfinished)} interrupted return(s) not finished, ${String(outcome.requests.failed)} study(ies) not read`,
    );
  }
  return outcome;
});
