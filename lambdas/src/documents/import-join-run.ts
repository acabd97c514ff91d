import type { Clock } from '../core/ports/clock';
import type { ImportStore, InventoryPosition } from '../core/ports/document-imports';
import type { Registry } from '../core/ports/registry';
import { DOCUMENT_BUSY, hubWho } from './document-writes';
import { importedDocumentsOf, importJoinWrite, importReceiversOf } from './import-join';
import type { Journal } from '../core/journal';
import type { Logger } from '../core/logger';
import type { DocumentStore } from '../core/ports/documents';
import type { DocumentWriteDeps } from './document-writes';
import type { ScanVerdict } from './scan-event';

/**
 * A malware verdict on a file an import filed (records/<study>/imports/<import>/<object>-<file>):
 * the file joins the study (import-join.ts) — its documents made, once, then the verdict applied
 * to each — and its object's join marker loses it. A verdict on a file no marker waits for is
 * early while its object is not decided yet (the import still runs, or a conflict is open: its
 * copy is made before its rows), else ignored (it joined already, or it was never filed).
 */

export interface ImportJoinDeps {
  imports: Pick<ImportStore, 'getImport' | 'getFiled' | 'joinOf' | 'joined'>;
  registry: Pick<Registry, 'snapshot'>;
  clock: Clock;
}

/** What the scan result's deps give the join (scan-result.core.ts ScanResultDeps). */
interface VerdictDeps {
  documents: Pick<DocumentStore, 'get'>;
  writes: Pick<Journal<DocumentWriteDeps>, 'run'>;
  logger: Logger;
  joins: ImportJoinDeps;
}

export const joinImportedFile = async (
  verdict: ScanVerdict,
  at: { importId: string } & InventoryPosition,
  via: 'event' | 'tag',
  deps: VerdictDeps,
  origin: { requestId: string; by: string },
): Promise<{ outcome: 'applied' | 'ignored' | 'early'; documentId: string | null }> => {
  const { imports } = deps.joins;
  const log = { importId: at.importId, object: at.object, file: at.file, ...verdict };
  const marker = await imports.joinOf(at.importId, at.object);
  const waiting = marker?.files.find((f) => f.file === at.file);
  const record = await imports.getImport(at.importId);
  if (marker === null || waiting === undefined || record === null) {
    const undecided =
      record !== null &&
      record.state !== 'rejected' &&
      ((record.state !== 'completed' && record.next.object <= at.object) ||
        (record.conflicts ?? 0) > 0);
    if (undecided) {
      deps.logger.info('scan result before its import filed the file', log);
      return { outcome: 'early', documentId: null };
    }
    deps.logger.warn('scan result ignored', { why: 'no imported file waits for it', ...log });
    return { outcome: 'ignored', documentId: null };
  }
  const row = await imports.getFiled(at.importId, waiting.seq);
  if (row === null) throw new Error(`import ${at.importId}: row ${String(waiting.seq)} is missing`);
  const snapshot = await deps.joins.registry.snapshot();
  const receivers = importReceiversOf(row, record.studyId, snapshot);
  if (receivers.length === 0) {
    deps.logger.info('imported file has nobody to deliver to (no active connection)', log);
    await imports.joined(at.importId, at);
    return { outcome: 'applied', documentId: null };
  }
  const who = hubWho(origin);
  const planned = importedDocumentsOf(record, row, receivers, deps.joins.clock.now().toISOString());
  // One journaled write makes the documents and applies the verdict to each (import-join.ts).
  const state = await deps.writes.run(
    importJoinWrite,
    `import-join:${at.importId}:${String(row.seq)}`,
    {
      records: planned,
      verdict: {
        objectKey: verdict.objectKey,
        status: verdict.status,
        threats: verdict.threats,
        via,
      },
      who,
    },
    { busyMessage: DOCUMENT_BUSY },
  );
  const documentIds = state.documentIds ?? [];
  await imports.joined(at.importId, at);
  deps.logger.info('imported file joined the study', { ...log, documentIds });
  return { outcome: 'applied', documentId: documentIds[0] ?? null };
};
