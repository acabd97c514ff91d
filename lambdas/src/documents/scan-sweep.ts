import type { Clock } from '../core/ports/clock';
import type { DocumentFiles, DocumentStore } from '../core/ports/documents';
import { statusOfTag } from './scan-event';
import { applyVerdictOf, type ScanResultDeps } from './scan-result.core';
import type { ImportJoinDeps } from './import-join-run';
import { importedFileKeyOf, type ImportStore } from '../core/ports/document-imports';

/**
 * The scan sweeps (issue 34): an object awaiting its malware verdict longer than
 * SCAN_SWEEP_AFTER_MS has its `GuardDutyMalwareScanStatus` tag read (S3 GetObjectTagging) and the
 * verdict it holds applied like the event's — so an event lost, or one that came before the write
 * that kept the object recorded it, loses nothing. No tag yet: the scan has not finished (or the
 * scanner is down: warned once the wait passes SCAN_OVERDUE_MS). Two lists are swept: the
 * documents awaiting their scan (the documents' job), and the files imports filed that have not
 * joined the study (import-join-run.ts; the scan result's function, which alone carries the join).
 */

/** How long an object may await its verdict before its tag is read. */
export const SCAN_SWEEP_AFTER_MS = 10 * 60 * 1000;
/** How long before the wait is worth a warning (GuardDuty scans in seconds to minutes). */
export const SCAN_OVERDUE_MS = 60 * 60 * 1000;

interface SweepDeps extends ScanResultDeps {
  files: Pick<DocumentFiles, 'scanStatusOf'>;
  clock: Clock;
}

export interface ScanSweepDeps extends SweepDeps {
  documents: Pick<DocumentStore, 'get' | 'page'>;
}

export interface JoinSweepDeps extends SweepDeps {
  joins: ImportJoinDeps & { imports: Pick<ImportStore, 'pendingJoins'> };
}

/** An object awaiting its verdict: its key, since when, and how a warning names it. */
interface Waiting {
  objectKey: string;
  since: string;
  name: string;
}

interface SweepOptions {
  /** Stop starting new objects after this time (ms since the epoch); the next run goes on. */
  deadline: number;
  /**
   * How long an object must have waited: SCAN_SWEEP_AFTER_MS, or 0 at an offline start (the
   * process that would have received the event is gone; no event is on its way).
   */
  waitedAtLeast: number;
  /** What the overdue warning says is waiting. */
  what: string;
}

/** Each object's tag read and its verdict applied; the overdue ones warned of, together. */
const sweepTags = async (
  waiting: AsyncIterable<Waiting>,
  deps: SweepDeps,
  origin: { requestId: string; by: string },
  options: SweepOptions,
): Promise<{ applied: number; waiting: number }> => {
  const now = deps.clock.now().getTime();
  const counts = { applied: 0, waiting: 0 };
  const overdue: string[] = [];
  for await (const item of waiting) {
    if (Date.now() > options.deadline) break;
    const waited = now - Date.parse(item.since);
    if (waited < options.waitedAtLeast) continue;
    const status = statusOfTag(await deps.files.scanStatusOf(item.objectKey));
    if (status === null) {
      counts.waiting += 1;
      if (waited > SCAN_OVERDUE_MS) overdue.push(item.name);
      continue;
    }
    const result = await applyVerdictOf(
      { bucketName: deps.bucket, objectKey: item.objectKey, status, threats: [] },
      'tag',
      deps,
      origin,
    );
    if (result.outcome === 'applied') counts.applied += 1;
  }
  if (overdue.length > 0) {
    deps.logger.warn(
      `${options.what} awaiting a malware scan for over an hour: is the scanner running?`,
      {
        count: overdue.length,
        waiting: overdue.slice(0, 20),
      },
    );
  }
  return counts;
};

/** The documents awaiting their scan, from the `held` list (held, or awaiting a scan). */
async function* awaitingDocuments(deps: ScanSweepDeps): AsyncIterable<Waiting> {
  let after: string | undefined;
  do {
    const page = await deps.documents.page({ list: 'held', key: '', limit: 100, after });
    for (const record of page.records) {
      if (record.state !== 'awaiting-scan' || record.objectKey === null) continue;
      yield { objectKey: record.objectKey, since: record.updatedAt, name: record.documentId };
    }
    after = page.last ?? undefined;
  } while (after !== undefined);
}

/** The files imports filed that have not joined the study yet, by their objects' markers. */
async function* unjoinedFiles(deps: JoinSweepDeps): AsyncIterable<Waiting> {
  for (const marker of await deps.joins.imports.pendingJoins(100)) {
    for (const { file } of marker.files) {
      const at = { object: marker.object, file };
      const objectKey = importedFileKeyOf(marker.studyId, marker.importId, at);
      yield { objectKey, since: marker.filedAt, name: objectKey };
    }
  }
}

export const sweepAwaitingScan = (
  deps: ScanSweepDeps,
  origin: { requestId: string; by: string },
  deadline = Number.POSITIVE_INFINITY,
  waitedAtLeast = SCAN_SWEEP_AFTER_MS,
): Promise<{ applied: number; waiting: number }> =>
  sweepTags(awaitingDocuments(deps), deps, origin, {
    deadline,
    waitedAtLeast,
    what: 'documents',
  });

export const sweepPendingJoins = (
  deps: JoinSweepDeps,
  origin: { requestId: string; by: string },
  deadline = Number.POSITIVE_INFINITY,
  waitedAtLeast = SCAN_SWEEP_AFTER_MS,
): Promise<{ applied: number; waiting: number }> =>
  sweepTags(unjoinedFiles(deps), deps, origin, {
    deadline,
    waitedAtLeast,
    what: 'imported files',
  });
