/**
 * Whether a journal entry is a document write (document-writes.ts, document-sends.ts): those the
 * release job finishes, not the write reconciler. A module of its own, so the reconciler can tell
 * them apart without carrying the document writes.
 */
export const isDocumentWrite = (kind: string): boolean => kind.startsWith('document.');

/**
 * The journaled write that makes an imported file documents of the study (import-join.ts): the
 * scan result's function finishes it when cut short (it alone carries the join), not the
 * documents' job.
 */
export const IMPORT_JOIN_KIND = 'document.import';

/**
 * A document sent back (document-returns.ts, issue 35): finished when cut short by the document
 * follow-ups' job (jobs/document-follow-ups.ts), not the documents' release job, which is at its
 * size budget and would otherwise carry the returns' steps and their events.
 */
export const RETURN_KIND = 'document.return';
