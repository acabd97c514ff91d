import { describe, expect, it } from 'vitest';
import { FakeClock } from '../core/testing/fakes';
import { sampleExe, samplePdf } from '../core/testing/sample-files';
import { documentRecordOf } from '../core/testing/document-records';
import { MemoryDocumentStore } from '../core/testing/memory-documents';
import { MemoryRegistry } from '../core/testing/memory-registry';
import type { DocumentRecord } from '../core/ports/documents';
import { completeDocumentWrite, sendDocumentWrite, sendSubject } from './document-sends';
import { documentWritesOf } from './document-test-kit';
import { changeDocumentWrite, documentSubject, type Who } from './document-writes';

/**
 * The document writes cut short at each save of their journal entry (issue 32), then finished at
 * the start: the record changed once, marked with the write, and recorded once in each of the
 * two organisations' trails.
 */

const who: Who = {
  by: 'system:sys-site',
  actor: { sub: 'system:sys-site', email: null, role: null },
  source: { ip: '10.0.0.1', userAgent: 'eisf' },
  requestId: 'req-1',
  apiId: 'api-1',
};

const setUp = (file = { size: 10, sha256: 'a'.repeat(64) }, bytes: Buffer = samplePdf()) => {
  const clock = new FakeClock(new Date('2025-03-12T09:00:00.000Z'));
  const documents = new MemoryDocumentStore();
  const kept: string[] = [];
  const x = documentWritesOf({
    registry: new MemoryRegistry(),
    documents,
    rows: { get: () => Promise.resolve([]) },
    clock,
    files: {
      sizeOf: () => Promise.resolve(file.size),
      keep: (_from, to) => {
        kept.push(to);
        return Promise.resolve(file);
      },
      readRange: (_key, start, end) => Promise.resolve(bytes.subarray(start, end + 1)),
      read: async function* () {
        yield await Promise.resolve(bytes);
      },
      scanStatusOf: () => Promise.resolve(null),
      remove: () => Promise.reject(new Error('this test removes no file')),
    },
  });
  return { ...x, clock, documents, kept };
};

/** The audit actions, as each organisation's trail has them: one record, in the trails it is in. */
const actions = (audit: {
  entries: { action: string; organisationId?: string | null; alsoFor?: readonly string[] }[];
}) =>
  audit.entries.flatMap((e) =>
    [e.organisationId ?? null, ...(e.alsoFor ?? [])].map((o) => `${e.action} ${String(o)}`),
  );

describe('document writes cut short', () => {
  it.each([0])(
    'a send after %i saves: the record once, document.sent once per trail',
    async (saves) => {
      const { writes, journal, documents, audit } = setUp();
      const record = documentRecordOf();
      journal.crashAfterSaves = saves;
      await expect(
        writes.run(sendDocumentWrite, sendSubject('sys-site', record.idempotencyKey), {
          record,
          who,
        }),
      ).rejects.toThrow('the process died');
      journal.restart();
      expect(await writes.reconcile(true)).toMatchObject({ finished: 1 });
      expect(await documents.get(record.documentId)).toMatchObject({ state: 'awaiting-upload' });
      expect(actions(audit)).toEqual(['document.sent org-site-a', 'document.sent org-sponsor']);
      // The same key again (another id): that one document, nothing recorded twice.
      const again = await writes.run(
        sendDocumentWrite,
        sendSubject('sys-site', record.idempotencyKey),
        {
          record: { ...record, documentId: 'doc-other' },
          who,
        },
      );
      expect(again).toEqual({ documentId: record.documentId, created: false });
      expect(audit.entries).toHaveLength(1);
    },
  );

  it.each([0, 1, 2])(
    'a completion after %i saves: kept once, checked, the record settled once, recorded once per trail',
    async (saves) => {
      const { writes, journal, documents, audit } = setUp();
      const record = documentRecordOf();
      await documents.create(record);
      const input = {
        documentId: record.documentId,
        fromRevision: record.revision,
        objectKey: `records/study-1/${record.documentId}/1-req-1`,
        who,
      };
      journal.crashAfterSaves = saves;
      await expect(
        writes.run(completeDocumentWrite, documentSubject(record.documentId), input),
      ).rejects.toThrow('the process died');
      journal.restart();
      expect(await writes.reconcile(true)).toMatchObject({ finished: 1 });
      const done = await documents.get(record.documentId);
      // A real PDF: verified, kept, content checked, waiting for the malware scan's verdict.
      expect(done).toMatchObject({
        revision: 2,
        state: 'awaiting-scan',
        holdReason: null,
        objectKey: input.objectKey,
        received: { size: 10 },
      });
      expect(done?.events.map((e) => e.event)).toEqual(['uploaded', 'received', 'content-checked']);
      expect(actions(audit)).toEqual([
        'document.received org-site-a',
        'document.received org-sponsor',
      ]);
    },
  );

  it.each([0, 1, 2])(
    'a completion of a program named cv.pdf after %i saves: quarantined once, document.quarantined once per trail',
    async (saves) => {
      const { writes, journal, documents, audit, events } = setUp(undefined, sampleExe());
      const record = documentRecordOf({ fileName: 'cv.pdf' });
      await documents.create(record);
      journal.crashAfterSaves = saves;
      await expect(
        writes.run(completeDocumentWrite, documentSubject(record.documentId), {
          documentId: record.documentId,
          fromRevision: 1,
          objectKey: `records/study-1/${record.documentId}/1`,
          who,
        }),
      ).rejects.toThrow('the process died');
      journal.restart();
      expect(await writes.reconcile(true)).toMatchObject({ finished: 1 });
      const done = await documents.get(record.documentId);
      expect(done).toMatchObject({
        state: 'quarantined',
        quarantineReason: 'executable-content',
        objectKey: `records/study-1/${record.documentId}/1`,
      });
      expect(done?.quarantineDetail).toContain('cv.pdf');
      expect(actions(audit)).toEqual([
        'document.quarantined org-site-a',
        'document.quarantined org-sponsor',
      ]);
      expect(audit.entries[0]).toMatchObject({
        outcome: 'failure',
        after: { quarantineReason: 'executable-content' },
      });
      // Issue 35: one event, for the sender (who can send a clean file), however it was finished.
      expect(events.events).toEqual([
        expect.objectContaining({
          kind: 'document.quarantined',
          organisationId: record.senderOrganisationId,
          subject: { type: 'document', id: record.documentId, name: record.title },
          counterpart: expect.objectContaining({
            organisationId: record.receiverOrganisationId,
          }) as unknown,
          reason: 'executable-content',
        }),
      ]);
    },
  );

  it('a completion of a file that is not the one announced: held for it, recorded as refused once', async () => {
    const { writes, documents, audit, events } = setUp({ size: 10, sha256: 'b'.repeat(64) });
    const record = documentRecordOf();
    await documents.create(record);
    const state = await writes.run(completeDocumentWrite, documentSubject(record.documentId), {
      documentId: record.documentId,
      fromRevision: 1,
      objectKey: 'records/x',
      who,
    });
    expect(state.mismatch).toBe('checksum-mismatch');
    expect(await documents.get(record.documentId)).toMatchObject({
      state: 'held',
      holdReason: 'checksum-mismatch',
      uploads: 2,
    });
    // One record, in the sender's trail and the receiver's.
    expect(audit.entries.map((e) => e.outcome)).toEqual(['failure']);
    expect(events.events.map((e) => [e.kind, e.organisationId, e.reason])).toEqual([
      ['document.held', record.senderOrganisationId, 'checksum-mismatch'],
    ]);
  });

  it.each([0])(
    'an acknowledgement after %i saves: once, recorded once per trail',
    async (saves) => {
      const { writes, journal, documents, audit } = setUp();
      const record: DocumentRecord = documentRecordOf({
        state: 'delivered',
        objectKey: 'records/k',
      });
      await documents.create(record);
      journal.crashAfterSaves = saves;
      await expect(
        writes.run(changeDocumentWrite, documentSubject(record.documentId), {
          documentId: record.documentId,
          fromRevision: 1,
          before: { state: 'delivered', holdReason: null },
          change: 'acknowledge',
          who: { ...who, by: 'system:sys-sponsor' },
        }),
      ).rejects.toThrow();
      journal.restart();
      await writes.reconcile(true);
      expect(await documents.get(record.documentId)).toMatchObject({
        revision: 2,
        state: 'acknowledged',
      });
      expect(actions(audit)).toEqual([
        'document.acknowledged org-site-a',
        'document.acknowledged org-sponsor',
      ]);
    },
  );

  it('a change from a revision someone else moved on is refused, nothing changed or recorded', async () => {
    const { writes, documents, audit } = setUp();
    const record = documentRecordOf({ state: 'delivered', objectKey: 'records/k', revision: 3 });
    await documents.create(record);
    await expect(
      writes.run(changeDocumentWrite, documentSubject(record.documentId), {
        documentId: record.documentId,
        fromRevision: 2,
        before: { state: 'delivered', holdReason: null },
        change: 'download',
        who,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await documents.get(record.documentId))?.downloadCount).toBe(0);
    expect(audit.entries).toEqual([]);
  });
});
