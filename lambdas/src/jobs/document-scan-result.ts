import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { RecoveryOutcome } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import { IMPORT_JOIN_KIND } from '../documents/document-kinds';
import { receiveScanResult, type ScanResultOutcome } from '../documents/scan-result.core';
import { SCAN_SWEEP_AFTER_MS, sweepPendingJoins } from '../documents/scan-sweep';
import { lambdaEnv } from '../env';
import { withInvocation } from '../telemetry';
import { documentFiles, documentStore, importJoinDeps } from '../wiring/documents';
import { DOCUMENT_SCAN_WRITES } from '../documents/scan-verdict';
import { DOCUMENT_IMPORT_WRITES } from '../documents/import-join';
import { documentWrites } from '../wiring/document-writes';

/**
 * The malware scan's verdict on a kept document (issue 34): GuardDuty Malware Protection for S3's
 * EventBridge event "GuardDuty Malware Protection Object Scan Result" in AWS (the rule's
 * target), the offline stand-in's same event in mock-server. The event is parsed strictly
 * (documents/scan-event.ts) and applied as a journaled write (documents/scan-verdict.ts); a
 * verdict on a file an import filed first makes it documents of the study
 * (documents/import-join-run.ts).
 *
 * On its schedule (an EventBridge "Scheduled Event", every 5 minutes in AWS; offline on every
 * pass of the scheduled jobs) the same function finishes the joins a stopped invocation left
 * half done and joins the imported files whose verdict never came (their tag read): it alone
 * carries the join, so no other bundle grows by it.
 */
const writes = () => documentWrites([...DOCUMENT_SCAN_WRITES, ...DOCUMENT_IMPORT_WRITES]);

export const documentScanResult = async (
  event: unknown,
): Promise<{ outcome: ScanResultOutcome; documentId: string | null }> =>
  receiveScanResult(
    event,
    {
      documents: documentStore(),
      writes: writes(),
      bucket: lambdaEnv().DOCUMENTS_BUCKET,
      logger: lambdaLogger,
      joins: importJoinDeps(),
    },
    { requestId: idOf(event) ?? randomUUID(), by: 'document-scan-result' },
  );

/**
 * The joins cut short finished (`force`: every one, offline at start-up, when no other process
 * can hold one), then the imported files waiting longer than the sweep's wait (`force`: any).
 */
export const sweepImportJoins = async (
  force = false,
): Promise<{ joins: Record<RecoveryOutcome, number>; applied: number; waiting: number }> => {
  const journal = writes();
  const joins = await journal.reconcile(force, (kind) => kind !== IMPORT_JOIN_KIND);
  const swept = await sweepPendingJoins(
    {
      documents: documentStore(),
      files: documentFiles(),
      writes: journal,
      bucket: lambdaEnv().DOCUMENTS_BUCKET,
      logger: lambdaLogger,
      clock: systemClock,
      joins: importJoinDeps(),
    },
    { requestId: randomUUID(), by: 'document-scan-result' },
    Number.POSITIVE_INFINITY,
    force ? 0 : SCAN_SWEEP_AFTER_MS,
  );
  if (swept.applied > 0 || Object.values(joins).some((n) => n > 0)) {
    lambdaLogger.info('imported files joined by the sweep', { ...swept, joins });
  }
  if (joins.left > 0 || joins.unknown > 0) {
    throw new Error(
      `write journal: ${String(joins.left + joins.unknown)} interrupted import join(s) could not be finished`,
    );
  }
  return { joins, ...swept };
};

const idOf = (event: unknown): string | null =>
  typeof event === 'object' && event !== null && 'id' in event && typeof event.id === 'string'
    ? event.id
    : null;

const isScheduled = (event: unknown): boolean =>
  typeof event === 'object' &&
  event !== null &&
  'detail-type' in event &&
  event['detail-type'] === 'Scheduled Event';

/**
 * The EventBridge target. A verdict that came before its completion (or its import) recorded the
 * object fails the invocation, so EventBridge's asynchronous retry brings it again (and the
 * sweeps read the object's tag anyway); anything else is done, applied or ignored (logged). The
 * schedule's event runs the sweep of imported files.
 */
export const handler = (event: unknown, context?: Context) =>
  withInvocation(
    context,
    {
      operation: isScheduled(event) ? 'document-scan-result-sweep' : 'document-scan-result',
      correlationId: idOf(event),
    },
    async () => {
      if (isScheduled(event)) return sweepImportJoins(false);
      const result = await documentScanResult(event);
      if (result.outcome === 'early') {
        throw new Error(
          `scan result for ${result.documentId ?? '?'} came before its completion recorded the object; retried`,
        );
      }
      return result;
    },
  );
