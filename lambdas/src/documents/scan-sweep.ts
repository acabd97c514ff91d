import type { Clock } from '../core/ports/clock';
import type { DocumentFiles, DocumentStore } from '../core/ports/documents';
import { statusOfTag } from './scan-event';
import { applyVerdictOf, type ScanResultDeps } from './scan-result.core';
import type { ImportJoinDeps } from './import-join-run';
import { importedFileKeyOf, type ImportStore } from '../core/ports/document-imports';

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
  /**
   * How long a document must have waited: SCAN_SWEEP_AFTER_MS, or 0 at an offline start (the
   * process that would have received the event is gone; no event is on its way).
   */
  waitedAtLeast = SCAN_SWEEP_AFTER_MS,
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
      if (waited < waitedAtLeast) continue;
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

export interface JoinSweepDeps extends ScanResultDeps {
  files: Pick<DocumentFiles, 'scanStatusOf'>;
  clock: Clock;
  joins: ImportJoinDeps & { imports: Pick<ImportStore, 'pendingJoins'> };
}

/**
 * The files imports filed that have not joined the study (import-join-run.ts) longer than the
 * wait: their copy's scan tag read and applied like the event's, so a lost verdict loses no
 * imported document. Run by the scan result's function on its schedule (it alone carries the
 * join), not by the documents' job.
 */
export const sweepPendingJoins = async (
  deps: JoinSweepDeps,
  origin: { requestId: string; by: string },
  deadline = Number.POSITIVE_INFINITY,
  waitedAtLeast = SCAN_SWEEP_AFTER_MS,
): Promise<{ applied: number; waiting: number }> => {
  const now = deps.clock.now().getTime();
  let applied = 0;
  let waiting = 0;
  const overdue: string[] = [];
  for (const marker of await deps.joins.imports.pendingJoins(100)) {
    const waited = now - Date.parse(marker.filedAt);
    if (waited < waitedAtLeast) continue;
    for (const { file } of marker.files) {
      if (Date.now() > deadline) return { applied, waiting };
      const objectKey = importedFileKeyOf(marker.studyId, marker.importId, {
        object: marker.object,
        file,
      });
      const status = statusOfTag(await deps.files.scanStatusOf(objectKey));
      if (status === null) {
        waiting += 1;
        if (waited > SCAN_OVERDUE_MS) overdue.push(objectKey);
        continue;
      }
      const result = await applyVerdictOf(
        { bucketName: deps.bucket, objectKey, status, threats: [] },
        'tag',
        deps,
        origin,
      );
      if (result.outcome === 'applied') applied += 1;
    }
  }
  if (overdue.length > 0) {
    deps.logger.warn(
      'imported files awaiting a malware scan for over an hour: is the scanner running?',
      {
        count: overdue.length,
        objectKeys: overdue.slice(0, 20),
      },
    );
  }
  return { applied, waiting };
};
