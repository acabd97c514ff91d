import type { Clock } from '../core/ports/clock';
import type { DocumentFiles, DocumentStore } from '../core/ports/documents';
import { statusOfTag } from './scan-event';
import { applyVerdictOf, type ScanResultDeps } from './scan-result.core';

/**
 * The scan sweep (issue 34), in the documents' job: a document awaiting its malware scan longer
 * than SCAN_SWEEP_AFTER_MS has its object's `GuardDutyMalwareScanStatus` tag read (S3
 * GetObjectTagging) and the verdict it holds applied like the event's — so an event lost, or one
 * that came before its completion recorded the object, loses nothing. No tag yet: the scan has
 * not finished (or the scanner is down: warned once the wait passes SCAN_OVERDUE_MS).
 */

/** How long a document may await its scan before its tag is read. */
export const SCAN_SWEEP_AFTER_MS = 10 * 60 * 1000;
/** How long before the wait is worth a warning (GuardDuty scans in seconds to minutes). */
export const SCAN_OVERDUE_MS = 60 * 60 * 1000;

export interface ScanSweepDeps extends ScanResultDeps {
  documents: Pick<DocumentStore, 'get' | 'page'>;
  files: Pick<DocumentFiles, 'scanStatusOf'>;
  clock: Clock;
}

export const sweepAwaitingScan = async (
  deps: ScanSweepDeps,
  origin: { requestId: string; by: string },
  /** Stop starting new documents after this time (ms since the epoch); the next run goes on. */
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ applied: number; waiting: number }> => {
  const now = deps.clock.now().getTime();
  let applied = 0;
  let waiting = 0;
  const overdue: string[] = [];
  let after: string | undefined;
  do {
    // The `held` list holds the documents the hub has yet to move on: held, or awaiting a scan.
    const page = await deps.documents.page({ list: 'held', key: '', limit: 100, after });
    for (const record of page.records) {
      if (Date.now() > deadline) return { applied, waiting };
      if (record.state !== 'awaiting-scan' || record.objectKey === null) continue;
      const waited = now - Date.parse(record.updatedAt);
      if (waited < SCAN_SWEEP_AFTER_MS) continue;
      const status = statusOfTag(await deps.files.scanStatusOf(record.objectKey));
      if (status === null) {
        waiting += 1;
        if (waited > SCAN_OVERDUE_MS) overdue.push(record.documentId);
        continue;
      }
      const result = await applyVerdictOf(
        { bucketName: deps.bucket, objectKey: record.objectKey, status, threats: [] },
        'tag',
        deps,
        origin,
      );
      if (result.outcome === 'applied') applied += 1;
    }
    after = page.last ?? undefined;
  } while (after !== undefined);
  if (overdue.length > 0) {
    deps.logger.warn(
      'documents awaiting a malware scan for over an hour: is the scanner running?',
      {
        count: overdue.length,
        documentIds: overdue.slice(0, 20),
      },
    );
  }
  return { applied, waiting };
};
