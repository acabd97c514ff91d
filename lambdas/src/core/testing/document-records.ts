import type { DocumentRecord } from '../ports/documents';

let serial = 0;

/**
 * A document record with every field, a fresh id each time; what a test cares about is given in
 * `overrides` (a test file's own defaults too).
 */
export const documentRecordOf = (overrides: Partial<DocumentRecord> = {}): DocumentRecord => {
  serial += 1;
  const id = `doc-${String(serial).padStart(26, '0')}`;
  return {
    documentId: id,
    revision: 1,
    idempotencyKey: `key-${id}`,
    requestHash: 'hash',
    state: 'awaiting-upload',
    holdReason: null,
    holdDetail: null,
    direction: 'site-to-sponsor',
    connectionId: 'conn-1',
    studyId: 'study-1',
    siteOrganisationId: 'org-site-a',
    sponsorOrganisationId: 'org-sponsor',
    croOrganisationId: null,
    senderSystemId: 'sys-site',
    senderOrganisationId: 'org-site-a',
    receiverSystemId: 'sys-sponsor',
    receiverOrganisationId: 'org-sponsor',
    typeCode: 'CV',
    title: 'A document',
    version: '1',
    documentDate: '2025-01-01',
    language: 'en',
    personName: null,
    organisationName: null,
    fileName: 'a.pdf',
    contentType: 'application/pdf',
    size: 10,
    sha256: 'a'.repeat(64),
    received: null,
    uploads: 1,
    objectKey: null,
    classification: null,
    inboxSeq: null,
    sentAt: '2025-03-10T08:00:00.000Z',
    updatedAt: '2025-03-10T08:00:00.000Z',
    deliveredAt: null,
    acknowledgedAt: null,
    events: [],
    downloads: [],
    downloadCount: 0,
    ...overrides,
  };
};

/** The record changed as a store's next revision of it. */
export const nextRevision = (
  record: DocumentRecord,
  changes: Partial<DocumentRecord>,
): DocumentRecord => ({
  ...record,
  ...changes,
  revision: record.revision + 1,
});
