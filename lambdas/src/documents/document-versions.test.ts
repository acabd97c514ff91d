import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { listReceivedDocuments } from './exchange-receiving';
import { documentSubject } from './document-writes';
import { scanVerdictWrite } from './scan-verdict';
import {
  OTHER_SITE,
  SPONSOR,
  complete,
  pdf,
  put,
  scan,
  send,
  sendBody,
  sendWhole,
  setUp,
  trail,
  type World,
} from './document-world-kit';

/**
 * Signer fields and versions in the send API (issue 34 item 6): what is refused and why, and
 * what the sender's and the receiver's views say.
 */

const SIGNER = {
  methodology: 'digital' as const,
  signerId: 'jmueller',
  signerName: 'Dr. Jana Müller',
  signedAt: '2025-03-01T09:15:00Z',
  reason: 'Approval',
};

const messagesOf = (body: unknown): string[] => {
  const parsed = partnerRoutes['partner-send-document'].request.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

const inbox = async (w: World) => {
  const route = partnerRoutes['partner-list-documents'];
  return route.response.parse(await listReceivedDocuments(route.request.parse({}), SPONSOR, w.deps))
    .documents;
};

describe('signer fields and versions in the send API', () => {
  it('refuses signer fields that are not whole, saying which and how', () => {
    const base = sendBody(pdf('cv'));
    expect(messagesOf({ ...base, signature: { ...SIGNER, methodology: 'wet-ink' } })).toEqual([
      'signature.methodology is electronic or digital.',
    ]);
    expect(messagesOf({ ...base, signature: { ...SIGNER, signedAt: '2025-03-01' } })).toEqual([
      'signature.signedAt is an ISO 8601 date-time with Z or an offset, e.g. 2026-03-01T09:30:00Z.',
    ]);
    expect(messagesOf({ ...base, signature: { ...SIGNER, signerName: ' ' } })).toEqual([
      'signature.signerName is required.',
    ]);
    expect(messagesOf({ ...base, supersedesDocumentId: 'cv-1' })).toEqual([
      'supersedesDocumentId is the id (doc-…) of an earlier document the calling system sent.',
    ]);
    expect(messagesOf({ ...base, signature: SIGNER })).toEqual([]);
  });

  it('shows the signature and both version links to the sender and the receiver', async () => {
    const w = setUp();
    const v1 = await sendWhole(w, pdf('v1'), { signature: SIGNER });
    expect(v1).toMatchObject({
      signature: SIGNER,
      supersedesDocumentId: null,
      supersededByDocumentId: null,
    });
    const v2 = await sendWhole(w, pdf('v2'), {
      idempotencyKey: 'key-00000002',
      version: '2',
      supersedesDocumentId: v1.documentId,
    });
    expect(v2).toMatchObject({ signature: null, supersedesDocumentId: v1.documentId });
    // The send's audit record says who signed and which version it supersedes.
    const sent = w.audit.entries.filter((e) => e.action === 'document.sent').map((e) => e.after);
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signedBy: 'jmueller', signedAt: SIGNER.signedAt }),
        expect.objectContaining({ supersedesDocumentId: v1.documentId }),
      ]),
    );
    const received = await inbox(w);
    expect(received.find((d) => d.documentId === v1.documentId)).toMatchObject({
      signature: SIGNER,
      supersededByDocumentId: v2.documentId,
    });
    expect(received.find((d) => d.documentId === v2.documentId)).toMatchObject({
      supersedesDocumentId: v1.documentId,
    });
  });

  it('supersedes only a document the same system sent over the same connection, once', async () => {
    const w = setUp();
    const v1 = await sendWhole(w, pdf('v1'));
    const theirs = await sendWhole(
      w,
      pdf('other site'),
      { idempotencyKey: 'key-other-1', connectionId: 'conn-2', personName: 'John Smith' },
      OTHER_SITE,
    );
    await expect(
      send(
        w,
        sendBody(pdf('v2'), {
          idempotencyKey: 'key-ver-1',
          version: '2',
          supersedesDocumentId: theirs.documentId,
        }),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('names no document the calling system sent') as unknown,
      fields: [{ path: 'supersedesDocumentId' }],
    });
    await expect(
      send(
        w,
        sendBody(pdf('v2'), {
          idempotencyKey: 'key-ver-2',
          version: '2',
          supersedesDocumentId: `doc-${'9'.repeat(26)}`,
        }),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      send(
        w,
        sendBody(pdf('v1 again'), {
          idempotencyKey: 'key-ver-5',
          supersedesDocumentId: v1.documentId,
        }),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'version' }] });
    const v2 = await sendWhole(w, pdf('v2'), {
      idempotencyKey: 'key-ver-3',
      version: '2',
      supersedesDocumentId: v1.documentId,
    });
    // The same send again answers the same document; another version of v1 is refused.
    await expect(
      send(
        w,
        sendBody(pdf('v2'), {
          idempotencyKey: 'key-ver-3',
          version: '2',
          supersedesDocumentId: v1.documentId,
        }),
      ),
    ).resolves.toMatchObject({ document: { documentId: v2.documentId } });
    await expect(
      send(
        w,
        sendBody(pdf('v3'), {
          idempotencyKey: 'key-ver-4',
          version: '3',
          supersedesDocumentId: v1.documentId,
        }),
      ),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `The document ${v1.documentId} is already superseded by ${v2.documentId}: name the newest version (${v2.documentId}) as supersedesDocumentId.`,
    });
  });

  it('marks the earlier version when the delivering write is finished after the process died at the mark', async () => {
    const w = setUp();
    const v1 = await sendWhole(w, pdf('v1'));
    const sent = await send(
      w,
      sendBody(pdf('v2'), {
        idempotencyKey: 'key-version-2',
        version: '2',
        supersedesDocumentId: v1.documentId,
      }),
    );
    put(w, sent.upload?.url ?? '', pdf('v2'));
    const v2 = await complete(w, sent.document.documentId);
    // The process dies as the delivery's mark on v1 is written (after v2's delivery).
    const update = w.documents.update.bind(w.documents);
    w.documents.update = (next, previous) => {
      if (next.documentId === v1.documentId) throw new Error('killed');
      return update(next, previous);
    };
    const objectKey = (await w.documents.get(v2.documentId))?.objectKey ?? '';
    await expect(
      w.deps.writes.run(scanVerdictWrite, documentSubject(v2.documentId), {
        documentId: v2.documentId,
        objectKey,
        status: 'NO_THREATS_FOUND',
        threats: [],
        via: 'event',
        who: { by: 'hub', actor: null, source: { ip: 'hub', userAgent: 't' }, requestId: 'r' },
      }),
    ).rejects.toThrow('killed');
    w.documents.update = update;
    expect(await w.documents.get(v2.documentId)).toMatchObject({ state: 'delivered' });
    expect((await w.documents.get(v1.documentId))?.supersededByDocumentId ?? null).toBeNull();
    const audited = trail(w).length;

    // The journal finishes the write: its audit step makes the mark and records it, once.
    w.journal.restart();
    expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 1 });
    await scan(w, v2.documentId);
    expect(await w.documents.get(v1.documentId)).toMatchObject({
      supersededByDocumentId: v2.documentId,
    });
    expect(trail(w).slice(audited)).toEqual([
      'document.scanned success org-site',
      'document.scanned success org-sponsor',
      'document.superseded success org-site',
      'document.superseded success org-sponsor',
    ]);
  });

  it('keeps one version Current when two new versions of one document were in flight together', async () => {
    const w = setUp();
    const v1 = await sendWhole(w, pdf('v1'));
    const pending = async (bytes: Buffer, idempotencyKey: string) => {
      const sent = await send(
        w,
        sendBody(bytes, {
          idempotencyKey,
          version: idempotencyKey.slice(-1),
          supersedesDocumentId: v1.documentId,
        }),
      );
      put(w, sent.upload?.url ?? '', bytes);
      return (await complete(w, sent.document.documentId)).documentId;
    };
    // Both name v1 while neither is delivered yet (each waits for its scan).
    const v2 = await pending(pdf('v2'), 'key-version-2');
    const v3 = await pending(pdf('v3'), 'key-version-3');
    await scan(w, v2);
    await scan(w, v3);
    expect((await w.documents.get(v1.documentId))?.supersededByDocumentId).toBe(v2);
    expect((await w.documents.get(v2))?.supersededByDocumentId).toBe(v3);
    expect((await w.documents.get(v3))?.supersededByDocumentId ?? null).toBeNull();
  });
});
