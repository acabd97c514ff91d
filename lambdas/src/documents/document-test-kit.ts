import { MemoryEventLog } from '../core/testing/memory-events';
import { FakeAuditTrail, silentLogger } from '../core/testing/fakes';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import type { Clock } from '../core/ports/clock';
import { DOCUMENT_COMPLETE_WRITES, DOCUMENT_SEND_WRITES } from './document-sends';
import { DOCUMENT_SCAN_WRITES } from './scan-verdict';
import { DOCUMENT_IMPORT_WRITES } from './import-join';
import { DOCUMENT_RETURN_WRITES } from './document-returns';
import {
  DOCUMENT_CHANGE_WRITES,
  documentWriteJournal,
  type DocumentWriteDeps,
} from './document-writes';

type WriteFiles = DocumentWriteDeps['files'];
const noFiles: WriteFiles = {
  sizeOf: () => Promise.resolve(null),
  keep: () => Promise.reject(new Error('no files in this test')),
  readRange: () => Promise.reject(new Error('no files in this test')),
  read: () => {
    throw new Error('no files in this test');
  },
  scanStatusOf: () => Promise.resolve(null),
  remove: () => Promise.reject(new Error('no files in this test')),
};

/**
 * The document writes' journal over the ports a test has (in memory), every kind known: what the
 * cores take as `writes`. The audit trail is the test's own when it gives one.
 */
export const documentWritesOf = (
  deps: Pick<DocumentWriteDeps, 'registry' | 'documents' | 'rows'> & {
    clock: Clock;
    files?: WriteFiles;
    audit?: FakeAuditTrail;
    events?: MemoryEventLog;
  },
) => {
  const audit = deps.audit ?? new FakeAuditTrail();
  const events = deps.events ?? new MemoryEventLog();
  const journal = new MemoryWriteJournal(deps.clock);
  const writeDeps: DocumentWriteDeps = {
    registry: deps.registry,
    documents: deps.documents,
    rows: deps.rows,
    files: deps.files ?? noFiles,
    audit,
    auditReader: audit,
    events,
    clock: deps.clock,
    logger: silentLogger(),
  };
  const writes = documentWriteJournal({ journal }, writeDeps, [
    ...DOCUMENT_SEND_WRITES,
    ...DOCUMENT_COMPLETE_WRITES,
    ...DOCUMENT_CHANGE_WRITES,
    ...DOCUMENT_SCAN_WRITES,
    ...DOCUMENT_IMPORT_WRITES,
    ...DOCUMENT_RETURN_WRITES,
  ]);
  return { writes, journal, audit, events };
};
