import { randomUUID } from 'node:crypto';
import type { RecoveryOutcome } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import { IMPORT_JOIN_KIND, isDocumentWrite, RETURN_KIND } from '../documents/document-kinds';
import { releaseHeld } from '../documents/release-held';
import { DOCUMENT_CHANGE_WRITES } from '../documents/document-writes';
import { systemClock } from '../core/ports/clock';
import { SCAN_SWEEP_AFTER_MS, sweepAwaitingScan as sweep } from '../documents/scan-sweep';
import { DOCUMENT_SCAN_WRITES } from '../documents/scan-verdict';
import { lambdaEnv } from '../env';
import { documentFiles, documentStore, routingDeps } from '../wiring/documents';
import { allDocumentWrites, documentWrites } from '../wiring/document-writes';
import { scheduledJob } from '../telemetry';

/**
 * The documents' job (every 5 minutes in AWS; offline on every pass of the scheduled jobs, and at
 * start-up before the console listens):
 *
 * - first, the document writes a stopped request or a killed process left half done (issue 32:
 *   a send, a completion, an acknowledgement, a download, a retry, a release) are finished by the
 *   same steps (`force`: all of them, offline at start-up, when no other process can hold one);
 * - then every document held for a missing mapping is tried again (features/documents/
 *   release-held.ts): what a publication released at once is already delivered; this catches what
 *   it could not (the release after a publication failed or was cut short, or a standard changed
 *   in a way that did not pass through publication);
 * - then the documents awaiting their malware scan too long have the scan's tag on their object
 *   read and applied (documents/scan-sweep.ts): a lost scan event loses nothing. (The files
 *   imports filed are joined to the study, and their interrupted joins finished, by the scan
 *   result's function on its own schedule: jobs/document-scan-result.ts.)
 */
export const finishInterruptedDocumentWrites = async (
  force: boolean,
): Promise<Record<RecoveryOutcome, number>> => {
  const outcomes = await documentWrites(allDocumentWrites()).reconcile(
    force,
    // An import's join and a return are finished by the jobs that carry them.
    (kind) => !isDocumentWrite(kind) || kind === IMPORT_JOIN_KIND || kind === RETURN_KIND,
  );
  if (Object.values(outcomes).some((n) => n > 0)) {
    lambdaLogger.info('write journal: interrupted document writes handled', outcomes);
  }
  return outcomes;
};

export const releaseHeldDocuments = async (): Promise<{ released: number }> => {
  const released = await releaseHeld(
    null,
    { ...routingDeps(), writes: documentWrites(DOCUMENT_CHANGE_WRITES) },
    { requestId: randomUUID(), by: 'release-held-documents' },
  );
  if (released.length > 0) {
    lambdaLogger.info('held documents released', {
      released: released.length,
      documentIds: released.slice(0, 50).map((r) => r.documentId),
    });
  }
  return { released: released.length };
};

/**
 * The documents awaiting their malware scan longer than the sweep's wait: their object's scan tag
 * read and applied (documents/scan-sweep.ts), so a lost scan event loses nothing.
 */
export const sweepAwaitingScan = async (
  /** Offline at start-up: every document awaiting its scan, however short its wait. */
  force = false,
): Promise<{ applied: number; waiting: number }> => {
  const outcome = await sweep(
    {
      documents: documentStore(),
      files: documentFiles(),
      writes: documentWrites(DOCUMENT_SCAN_WRITES),
      bucket: lambdaEnv().DOCUMENTS_BUCKET,
      logger: lambdaLogger,
      clock: systemClock,
    },
    { requestId: randomUUID(), by: 'release-held-documents' },
    Number.POSITIVE_INFINITY,
    force ? 0 : SCAN_SWEEP_AFTER_MS,
  );
  if (outcome.applied > 0) lambdaLogger.info('scan verdicts read from their tags', outcome);
  return outcome;
};

/** The scheduled entry: a failure is an error of the invocation (alarmed); the next run retries. */
export const handler = scheduledJob('release-held-documents', async () => {
  const outcomes = await finishInterruptedDocumentWrites(false);
  const result = await releaseHeldDocuments();
  const scans = await sweepAwaitingScan(false);
  if (outcomes.left > 0 || outcomes.unknown > 0) {
    throw new Error(
      `write journal: ${String(outcomes.left + outcomes.unknown)} interrupted document write(s) could not be finished`,
    );
  }
  return { ...result, scans };
});
