import { FakeAuditTrail, silentLogger } from '../core/testing/fakes';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import type { Clock } from '../core/ports/clock';
import type { DocumentFiles } from '../core/ports/documents';
import { DOCUMENT_SEND_WRITES } from './document-sends';
import {
  DOCUMENT_CHANGE_WRITES,
  documentWriteJournal,
  type DocumentWriteDeps,
} from './document-writes';

const noFiles: Pick<DocumentFiles, 'sizeOf' | 'keep'> = {
  sizeOf: () => Promise.resolve(null),
  keep: () => Promise.reject(new Error('no files in this test')),
};

/**
 * The document writes' journal over the ports a test has (in memory), every kind known: what the
 * cores take as `writes`. The audit trail is the test's own when it gives one.
 */
export const documentWritesOf = (
  deps: Pick<DocumentWriteDeps, 'registry' | 'documents' | 'rows'> & {
    clock: Clock;
    files?: Pick<DocumentFiles, 'sizeOf' | 'keep'>;
    audit?: FakeAuditTrail;
  },
) => {
  const audit = deps.audit ?? new FakeAuditTrail();
  const journal = new MemoryWriteJournal(deps.clock);
  const writeDeps: DocumentWriteDeps = {
    registry: deps.registry,
    documents: deps.documents,
    rows: deps.rows,
    files: deps.files ?? noFiles,
    audit,
    auditReader: audit,
    clock: deps.clock,
    logger: silentLogger(),
  };
  const writes = documentWriteJournal({ journal }, writeDeps, [
    ...DOCUMENT_SEND_WRITES,
    ...DOCUMENT_CHANGE_WRITES,
  ]);
  return { writes, journal, audit };
};
