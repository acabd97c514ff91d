import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { routes } from '@ccsc/contract/routes';
import { WHO } from '../core/testing/connection-test-network';
import { acknowledgeDocument, listReceivedDocuments } from './exchange-receiving';
import { returnDocumentWrite } from './document-returns';
import { documentSubject } from './document-writes';
import { systemWho } from './exchange.core';
import {
  partnerConfirmRecall,
  partnerDeclineRecall,
  partnerRecallDocument,
  partnerRejectDocument,
  returnDocumentInConsole,
} from './returns.core';
import { pdf, sendWhole, setUp, SITE, SPONSOR, trail, type World } from './document-world-kit';

/**
 * Issue 35: a recall stops the downloads at once, even through links handed out before it. The
 * file moves to a key of the recalling write's own and the old key is deleted (document-returns.ts
 * `move`, `commit`, `unlink`), so a presigned GET of the old key fails; every other return leaves
 * the file where it is. The site (org-site) sends a CV to the sponsor (org-sponsor).
 */

const CV = pdf('CV of Dr. Jana Müller');

const delivered = async (w: World) => {
  const { documentId } = await sendWhole(w, CV);
  const record = await w.documents.get(documentId);
  if (record?.objectKey == null) throw new Error('the document keeps no file');
  return { documentId, oldKey: record.objectKey };
};

const call =
  (
    op:
      | 'partner-recall-document'
      | 'partner-confirm-recall'
      | 'partner-decline-recall'
      | 'partner-reject-document',
    core: (input: never, ctx: typeof SITE, deps: World['deps']) => Promise<unknown>,
  ) =>
  (w: World, body: Record<string, unknown>, ctx: typeof SITE) =>
    core(partnerRoutes[op].request.parse(body) as never, ctx, w.deps);
const pRecall = call('partner-recall-document', partnerRecallDocument);
const pConfirm = call('partner-confirm-recall', partnerConfirmRecall);
const pDecline = call('partner-decline-recall', partnerDeclineRecall);
const pReject = call('partner-reject-document', partnerRejectDocument);

const inbox = async (w: World) =>
  partnerRoutes['partner-list-documents'].response.parse(
    await listReceivedDocuments(
      partnerRoutes['partner-list-documents'].request.parse({}),
      SPONSOR,
      w.deps,
    ),
  ).documents;

/** The key the record names now, and whether the file is there, byte for byte. */
const fileOf = async (w: World, documentId: string) => {
  const key = (await w.documents.get(documentId))?.objectKey ?? null;
  return { key, intact: key !== null && w.files.objects.get(key)?.equals(CV) === true };
};

describe('a recall moves the file and deletes the old key', () => {
  it('recalled at once: the old key gone (the link handed out before fails), the file kept under a new key', async () => {
    const w = setUp();
    const { documentId, oldKey } = await delivered(w);
    const [listed] = await inbox(w);
    // The link the receiver's system got before the recall names the old key.
    expect(listed?.download?.url).toContain(oldKey);
    await pRecall(w, { documentId, comment: 'Wrong study.' }, SITE);
    expect(w.files.objects.has(oldKey)).toBe(false);
    expect(w.files.removed).toEqual([oldKey]);
    const now = await fileOf(w, documentId);
    expect(now.key).toMatch(new RegExp(`^records/[^/]+/${documentId}/recalled-`));
    expect(now.intact).toBe(true);
    expect((await inbox(w))[0]).toMatchObject({ state: 'recalled', download: null });
    // A call again changes nothing: no second move, no second delete.
    await pRecall(w, { documentId }, SITE);
    expect(w.files.removed).toEqual([oldKey]);
    expect((await fileOf(w, documentId)).key).toBe(now.key);
  });

  it('asked back after the acknowledgement: the file stays until the receiver confirms, then moves', async () => {
    const w = setUp();
    const { documentId, oldKey } = await delivered(w);
    await acknowledgeDocument(
      partnerRoutes['partner-acknowledge-document'].request.parse({ documentId }),
      SPONSOR,
      w.deps,
    );
    await returnDocumentInConsole(
      routes['s3documents/return'].request.parse({ documentId, action: 'recall' }),
      WHO.siteAdmin,
      w.deps,
    );
    expect(await fileOf(w, documentId)).toEqual({ key: oldKey, intact: true });
    expect(w.files.removed).toEqual([]);
    await pConfirm(w, { documentId }, SPONSOR);
    expect(w.files.objects.has(oldKey)).toBe(false);
    expect(w.files.removed).toEqual([oldKey]);
    expect(await fileOf(w, documentId)).toMatchObject({ intact: true });
  });

  it('a declined recall and a rejection leave the file where it is', async () => {
    const w = setUp();
    const first = await delivered(w);
    await acknowledgeDocument(
      partnerRoutes['partner-acknowledge-document'].request.parse({
        documentId: first.documentId,
      }),
      SPONSOR,
      w.deps,
    );
    await pRecall(w, { documentId: first.documentId }, SITE);
    await pDecline(w, { documentId: first.documentId, comment: 'We keep it.' }, SPONSOR);
    expect(await fileOf(w, first.documentId)).toEqual({ key: first.oldKey, intact: true });
    const second = await sendWhole(w, CV, { idempotencyKey: 'key-second' });
    await pReject(w, { documentId: second.documentId, reason: 'wrong-document' }, SPONSOR);
    expect((await fileOf(w, second.documentId)).intact).toBe(true);
    expect(w.files.removed).toEqual([]);
  });

  it('a file another document names (a safety letter’s copies name their source’s) stays where it is', async () => {
    const w = setUp();
    const { documentId, oldKey } = await delivered(w);
    const source = await w.documents.get(documentId);
    if (source === null) throw new Error('the document went missing');
    w.clock.advance(60_000);
    // As distribution-fan-out.ts makes a copy: a record of its own, sent later, the same file.
    await w.documents.create({
      ...source,
      documentId: 'doc-copy-of-source',
      idempotencyKey: 'distribution:dist-1:conn-2',
      sentAt: w.clock.now().toISOString(),
      inboxSeq: null,
      lastWriteId: null,
      revision: 1,
    });
    await pRecall(w, { documentId }, SITE);
    expect(await w.documents.get(documentId)).toMatchObject({
      state: 'recalled',
      objectKey: oldKey,
    });
    expect(w.files.removed).toEqual([]);
    expect(w.files.objects.get(oldKey)?.equals(CV)).toBe(true);
  });

  // Cut short at each step (the process dying on the journal's save after it, or as the journal
  // was told the write was done): the file is readable under the record's key meanwhile, and the
  // reconciler finishes the move — the old key deleted (again only when the delete itself was
  // cut short: S3's delete of a gone key is no error), the recall audited once.
  it.each([
    { when: 'after the move', saves: 0, deletes: 1 },
    { when: 'after the commit', saves: 1, deletes: 1 },
    { when: 'after the delete', saves: 2, deletes: 2 },
    { when: 'after the audit', saves: null, deletes: 1 },
  ])('cut short $when: finished by the reconciler', async ({ saves, deletes }) => {
    const w = setUp();
    const { documentId, oldKey } = await delivered(w);
    const record = await w.documents.get(documentId);
    if (record === null) throw new Error('the document went missing');
    const finish = w.journal.finish.bind(w.journal);
    if (saves !== null) w.journal.crashAfterSaves = saves;
    else
      w.journal.finish = () => {
        w.journal.crashed = true;
        return Promise.reject(new Error('the process died'));
      };
    await expect(
      w.deps.writes.run(returnDocumentWrite, documentSubject(documentId), {
        documentId,
        fromRevision: record.revision,
        step: 'recall',
        before: record.state,
        reason: null,
        comment: null,
        organisationId: 'org-site',
        who: systemWho(SITE),
      }),
    ).rejects.toThrow('the process died');
    expect((await fileOf(w, documentId)).intact).toBe(true);
    w.journal.finish = finish;
    w.journal.restart();
    expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 1 });
    expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 0 });
    const after = await fileOf(w, documentId);
    expect(after.key).not.toBe(oldKey);
    expect(after.intact).toBe(true);
    expect(w.files.objects.has(oldKey)).toBe(false);
    expect(w.files.removed).toEqual(Array.from({ length: deletes }, () => oldKey));
    // Exactly one copy made for the recall, whatever ran again: the old key and the new one.
    expect(w.files.keysUnder(`records/`).filter((k) => k.includes(documentId))).toEqual([
      after.key,
    ]);
    expect(await w.documents.get(documentId)).toMatchObject({ state: 'recalled' });
    // Cut short as the journal was told the write was done, the audit step runs again: whether
    // it records twice is the journal's takeover (its attempt), not the move's: not asserted here.
    if (saves === null) return;
    expect(trail(w).filter((line) => line.startsWith('document.recalled'))).toEqual([
      'document.recalled success org-site',
      'document.recalled success org-sponsor',
    ]);
  });
});
