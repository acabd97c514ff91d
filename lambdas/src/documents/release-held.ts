import { ConflictError } from '../core/errors';
import type { Journal } from '../core/journal';
import type { DocumentRecord, DocumentStore } from '../core/ports/documents';
import type { Registry, RegistrySnapshot } from '../core/ports/registry';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { classify } from './classify';
import {
  changeDocumentWrite,
  DOCUMENT_BUSY,
  documentSubject,
  type DocumentWriteDeps,
  hubWho,
} from './document-writes';
import { waitsForMapping } from './routing';

/**
 * Tries again every document held for a mapping that involves one of `systemIds` (as sender or
 * receiver; every held one when null): after a standard naming them was published, and by the
 * scheduled release. Each is a journaled write of its own (`document.change`, release: the
 * record, then `document.released` once, as the hub's act); a document another write holds now
 * is left for the next run. Answers the documents delivered now.
 *
 * A document is first classified in memory with the standards published now: one that would
 * stay held for the same reason is passed over without a write (the write would change and
 * record nothing). The scheduled release tries every held document each run, thousands in a busy
 * hub; opening a journal entry for each only to find nothing to do made each run thousands of
 * writes that competed with the exchange itself. The write classifies again, so a standard
 * published between the two is still honoured.
 */
export const releaseHeld = async (
  systemIds: readonly string[] | null,
  deps: {
    documents: Pick<DocumentStore, 'page' | 'get'>;
    writes: Pick<Journal<DocumentWriteDeps>, 'run'>;
    registry: Pick<Registry, 'snapshot'>;
    rows: Pick<StandardRowsStore, 'get'>;
  },
  /** The request or job that releases, for the audit trail. */
  origin: { requestId: string; by: string },
  /** Stop starting new documents after this time (ms since the epoch); the job does the rest. */
  deadline = Number.POSITIVE_INFINITY,
): Promise<DocumentRecord[]> => {
  const involved = systemIds === null ? null : new Set(systemIds);
  const released: DocumentRecord[] = [];
  const failed: string[] = [];
  let after: string | undefined;
  do {
    const page = await deps.documents.page({ list: 'held', key: '', limit: 100, after });
    let snapshot: RegistrySnapshot | undefined;
    for (const record of page.records) {
      if (Date.now() > deadline) return released;
      if (!waitsForMapping(record)) continue;
      if (
        involved !== null &&
        !involved.has(record.senderSystemId) &&
        !involved.has(record.receiverSystemId)
      ) {
        continue;
      }
      snapshot ??= await deps.registry.snapshot();
      if (await staysHeld(record, snapshot, deps.rows)) continue;
      try {
        const { changed } = await deps.writes.run(
          changeDocumentWrite,
          documentSubject(record.documentId),
          {
            documentId: record.documentId,
            fromRevision: record.revision,
            before: { state: record.state, holdReason: record.holdReason },
            change: 'release',
            who: hubWho(origin),
          },
          { busyMessage: DOCUMENT_BUSY },
        );
        if (changed !== true) continue;
      } catch (err) {
        // Another write holds it now (409), or a service failing: the next release takes it
        // up; the other documents go on.
        if (!(err instanceof ConflictError)) failed.push(record.documentId);
        continue;
      }
      const now = await deps.documents.get(record.documentId);
      if (now?.state === 'delivered') released.push(now);
    }
    after = page.last ?? undefined;
  } while (after !== undefined);
  if (failed.length > 0) {
    throw new Error(
      `${String(failed.length)} held document(s) could not be released (${failed.slice(0, 10).join(', ')}); ${String(released.length)} were`,
    );
  }
  return released;
};

/**
 * Whether classifying `record` now would hold it again for the reason it is held for (a failure
 * to classify says no: the write then tries, and its failure is handled as any write's).
 */
const staysHeld = async (
  record: DocumentRecord,
  snapshot: RegistrySnapshot,
  rows: Pick<StandardRowsStore, 'get'>,
): Promise<boolean> => {
  try {
    const verdict = await classify(record, snapshot, rows);
    return (
      !verdict.ok && verdict.reason === record.holdReason && verdict.detail === record.holdDetail
    );
  } catch {
    return false;
  }
};
