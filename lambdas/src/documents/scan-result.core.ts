import type { Journal } from '../core/journal';
import type { Logger } from '../core/logger';
import { SCAN_HOLD_REASONS } from '@ccsc/contract/documents';
import type { DocumentRecord, DocumentStore } from '../core/ports/documents';
import { type DocumentWriteDeps, hubWho } from './document-writes';
import { documentIdOfKey, type ScanVerdict, verdictOfEvent } from './scan-event';
import { applyScanVerdict, takesVerdict } from './scan-verdict';
import { importedKeyPosition } from '../core/ports/document-imports';
import { type ImportJoinDeps, joinImportedFile } from './import-join-run';

/**
 * What became of a scan result:
 * - `applied`: the document awaited this verdict on this object, and moved on;
 * - `ignored`: no document awaits a verdict on this object (another bucket, a key no record names,
 *   a key a retry replaced, a document already past its scan) — logged, nothing changed;
 * - `early`: the document's completion has not recorded this object yet (the scan was faster than
 *   the completion's last step): try again in a moment (AWS: the event's retry; the sweep anyway);
 * - `refused`: not a scan result at all (logged, nothing changed).
 */
export type ScanResultOutcome = 'applied' | 'ignored' | 'early' | 'refused';

export interface ScanResultDeps {
  documents: Pick<DocumentStore, 'get'>;
  writes: Pick<Journal<DocumentWriteDeps>, 'run'>;
  /** The documents bucket: a verdict on any other bucket is not ours. */
  bucket: string;
  logger: Logger;
  /**
   * What a verdict on a file an import filed needs to join it to the study (import-join-run.ts);
   * without it such a verdict is ignored.
   */
  joins?: ImportJoinDeps;
}

/**
 * Whether the write that kept `objectKey` is still to record it on `record`: a completion (of the
 * first upload, or of the upload again after a size or checksum hold: its attempt's key), or a
 * scan hold's retry (its copy is made before the record names it).
 */
const recordsSoon = (record: DocumentRecord, objectKey: string): boolean => {
  const completion = objectKey.slice(objectKey.lastIndexOf('/') + 1);
  if (record.state === 'awaiting-upload' || record.state === 'received') return true;
  if (record.state !== 'held' || record.holdReason === null) return false;
  if (record.holdReason === 'size-mismatch' || record.holdReason === 'checksum-mismatch') {
    return completion.startsWith(`${String(record.uploads)}-`);
  }
  return SCAN_HOLD_REASONS.includes(record.holdReason) && completion.startsWith('rescan-');
};

/** One verdict (from the event, or from the tag by the sweep) applied to the document it names. */
export const applyVerdictOf = async (
  verdict: ScanVerdict,
  via: 'event' | 'tag',
  deps: ScanResultDeps,
  origin: { requestId: string; by: string },
): Promise<{ outcome: ScanResultOutcome; documentId: string | null }> => {
  const documentId = documentIdOfKey(verdict.objectKey);
  const ignore = (why: string) => {
    deps.logger.warn('scan result ignored', {
      why,
      bucketName: verdict.bucketName,
      objectKey: verdict.objectKey,
      scanResultStatus: verdict.status,
      documentId,
    });
    return { outcome: 'ignored' as const, documentId };
  };
  if (verdict.bucketName !== deps.bucket) return ignore('not the documents bucket');
  if (documentId === null) {
    const imported = importedKeyPosition(verdict.objectKey);
    if (imported === null || deps.joins === undefined) return ignore('not a kept record’s key');
    return joinImportedFile(verdict, imported, via, { ...deps, joins: deps.joins }, origin);
  }
  const record = await deps.documents.get(documentId);
  if (record === null) return ignore('no document of that id');
  if (record.objectKey !== verdict.objectKey) {
    // The write that kept this object has not recorded it yet: the verdict came first.
    if (recordsSoon(record, verdict.objectKey)) {
      deps.logger.info('scan result before its completion', { documentId, ...verdict });
      return { outcome: 'early', documentId };
    }
    return ignore('the document names another object (a superseded key)');
  }
  if (!takesVerdict(record, verdict.objectKey, verdict.status)) {
    return ignore(`the document is ${record.state}`);
  }
  const applied = await applyScanVerdict(
    deps.writes,
    {
      documentId,
      objectKey: verdict.objectKey,
      status: verdict.status,
      threats: verdict.threats,
      via,
    },
    hubWho(origin),
  );
  if (!applied) return ignore('the document moved on meanwhile');
  deps.logger.info('scan result applied', {
    documentId,
    scanResultStatus: verdict.status,
    via,
  });
  return { outcome: 'applied', documentId };
};

/** GuardDuty's EventBridge event (or the offline stand-in's), parsed and applied. */
export const receiveScanResult = async (
  event: unknown,
  deps: ScanResultDeps,
  origin: { requestId: string; by: string },
): Promise<{ outcome: ScanResultOutcome; documentId: string | null }> => {
  const parsed = verdictOfEvent(event);
  if (!parsed.ok) {
    deps.logger.error('not a GuardDuty scan result: refused', { reason: parsed.reason });
    return { outcome: 'refused', documentId: null };
  }
  return applyVerdictOf(parsed.verdict, 'event', deps, origin);
};
