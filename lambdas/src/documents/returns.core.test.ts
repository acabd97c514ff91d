import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { routes } from '@ccsc/contract/routes';
import type { Caller, PartnerContext, RequestContext } from '../core/request';
import { WHO } from '../core/testing/connection-test-network';
import { documentCounts } from '../core/ports/documents';
import { downloadDocument } from './console.core';
import { acknowledgeDocument, listReceivedDocuments } from './exchange-receiving';
import type { ReturnAction } from '@ccsc/contract/document-return-schemas';
import {
  partnerConfirmRecall,
  partnerDeclineRecall,
  partnerRecallDocument,
  partnerRejectDocument,
  returnDocumentInConsole,
} from './returns.core';
import {
  OTHER_SITE,
  pdf,
  sendWhole,
  setUp,
  SITE,
  SPONSOR,
  trail,
  type World,
} from './document-world-kit';

/**
 * Sending a document back (issue 35 part B): the site's CV, delivered to the sponsor, rejected by
 * the sponsor (its system or its OrgAdmin), recalled by the site (at once, or by a request the
 * sponsor confirms or declines). The wrong side is refused; every step audited once in both
 * trails; a corrected version supersedes a rejected one.
 */

type Who = RequestContext<Caller>;
const CV = pdf('CV of Dr. Jana Müller');
const delivered = async (w: World) => (await sendWhole(w, CV)).documentId;

// Each call as the router makes it: the input parsed, the answer checked against the contract.
const inConsole =
  (action: ReturnAction) => async (w: World, body: Record<string, unknown>, who: Who) => {
    const route = routes['s3documents/return'];
    return route.response.parse(
      await returnDocumentInConsole(route.request.parse({ ...body, action }), who, w.deps),
    );
  };
const reject = inConsole('reject');
const recall = inConsole('recall');
const confirm = inConsole('confirm-recall');
const decline = inConsole('decline-recall');

type PartnerOp =
  | 'partner-reject-document'
  | 'partner-recall-document'
  | 'partner-confirm-recall'
  | 'partner-decline-recall';
const partnerCall =
  (
    op: PartnerOp,
    core: (input: never, ctx: PartnerContext, deps: World['deps']) => Promise<unknown>,
  ) =>
  async (w: World, body: Record<string, unknown>, ctx: PartnerContext) => {
    const route = partnerRoutes[op];
    return route.response.parse(await core(route.request.parse(body) as never, ctx, w.deps));
  };
const pReject = partnerCall('partner-reject-document', partnerRejectDocument);
const pRecall = partnerCall('partner-recall-document', partnerRecallDocument);
const pConfirm = partnerCall('partner-confirm-recall', partnerConfirmRecall);
const pDecline = partnerCall('partner-decline-recall', partnerDeclineRecall);

const acknowledge = async (w: World, documentId: string) => {
  const route = partnerRoutes['partner-acknowledge-document'];
  return acknowledgeDocument(route.request.parse({ documentId }), SPONSOR, w.deps);
};
const inbox = async (w: World) => {
  const route = partnerRoutes['partner-list-documents'];
  return route.response.parse(await listReceivedDocuments(route.request.parse({}), SPONSOR, w.deps))
    .documents;
};
const download = async (w: World, documentId: string, who: Who) => {
  const route = routes['s3documents/download'];
  return downloadDocument(route.request.parse({ documentId }), who, w.deps);
};
const returnsOf = (w: World) => trail(w).filter((line) => /rejected|recall/.test(line));

describe('reject', () => {
  it('the receiving system rejects a delivered document with a reason: both sides see it, audited once in each trail', async () => {
    const w = setUp();
    const id = await delivered(w);
    w.clock.advance(60_000);
    const done = await pReject(w, { documentId: id, reason: 'missing-signature' }, SPONSOR);
    expect(done).toMatchObject({
      state: 'rejected',
      rejection: {
        reason: 'missing-signature',
        comment: null,
        by: 'system:sys-sponsor',
        organisationId: 'org-sponsor',
      },
      recall: null,
    });
    // Again: the same answer, nothing recorded twice.
    await pReject(w, { documentId: id, reason: 'missing-signature' }, SPONSOR);
    expect(returnsOf(w)).toEqual([
      'document.rejected success org-site',
      'document.rejected success org-sponsor',
    ]);
    // Its inbox still lists it in its place, as rejected (the file still there).
    const [listed] = await inbox(w);
    expect(listed).toMatchObject({ documentId: id, state: 'rejected' });
    expect(listed?.download).not.toBeNull();
    // The counters keep its delivery.
    const record = await w.documents.get(id);
    expect(documentCounts(record ?? never()).some((c) => c.counter.startsWith('delivered_'))).toBe(
      true,
    );
  });

  it('an OrgAdmin of the receiving organisation rejects in the console, with a comment; other is refused without one', async () => {
    const w = setUp();
    const id = await delivered(w);
    expect(() =>
      routes['s3documents/return'].request.parse({
        documentId: id,
        action: 'reject',
        reason: 'other',
      }),
    ).toThrow(/comment/);
    expect(() =>
      routes['s3documents/return'].request.parse({
        documentId: id,
        action: 'reject',
        reason: 'lost',
      }),
    ).toThrow(/reason is one of/);
    const done = await reject(
      w,
      { documentId: id, reason: 'other', comment: 'Page 2 is from another CV.' },
      WHO.sponsorAdmin,
    );
    expect(done.rejection).toMatchObject({
      reason: 'other',
      comment: 'Page 2 is from another CV.',
      by: 'sponsor@example.com',
    });
  });

  it('refuses the wrong side: the sender 403 in the console and 404 through the API, Auditors and PlatformAdmins 403, out of reach 404', async () => {
    const w = setUp();
    const id = await delivered(w);
    const body = { documentId: id, reason: 'wrong-document' };
    await expect(reject(w, body, WHO.siteAdmin)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(reject(w, body, WHO.platformAdmin)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(reject(w, body, WHO.auditorAll)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(reject(w, body, WHO.unrelatedAdmin)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(pReject(w, body, SITE)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(pReject(w, body, OTHER_SITE)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(returnsOf(w)).toEqual([]);
    expect((await w.documents.get(id))?.state).toBe('delivered');
  });

  it('refuses an acknowledged document with 409: ask the sender to recall it', async () => {
    const w = setUp();
    const id = await delivered(w);
    await acknowledge(w, id);
    await expect(
      pReject(w, { documentId: id, reason: 'wrong-version' }, SPONSOR),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('recall') as unknown,
    });
  });

  it('a corrected version supersedes the rejected one', async () => {
    const w = setUp();
    const id = await delivered(w);
    await pReject(w, { documentId: id, reason: 'wrong-version' }, SPONSOR);
    const corrected = await sendWhole(w, pdf('CV of Dr. Jana Müller, signed'), {
      idempotencyKey: 'key-corrected',
      version: '2',
      supersedesDocumentId: id,
    });
    expect(corrected.state).toBe('delivered');
    const earlier = await w.documents.get(id);
    expect(earlier).toMatchObject({
      state: 'rejected',
      supersededByDocumentId: corrected.documentId,
    });
  });
});

describe('recall', () => {
  it('before the acknowledgement: recalled at once, no link in the inbox, the console download refused 409', async () => {
    const w = setUp();
    const id = await delivered(w);
    const done = await pRecall(w, { documentId: id, comment: 'Sent to the wrong study.' }, SITE);
    expect(done).toMatchObject({
      state: 'recalled',
      recall: {
        outcome: 'immediate',
        comment: 'Sent to the wrong study.',
        organisationId: 'org-site',
      },
    });
    const [listed] = await inbox(w);
    expect(listed).toMatchObject({ documentId: id, state: 'recalled', download: null });
    await expect(download(w, id, WHO.sponsorAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('recalled') as unknown,
    });
    await expect(
      pReject(w, { documentId: id, reason: 'wrong-document' }, SPONSOR),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(returnsOf(w)).toEqual([
      'document.recalled success org-site',
      'document.recalled success org-sponsor',
    ]);
  });

  it('after the acknowledgement: a request the receiver confirms (recalled) through the API', async () => {
    const w = setUp();
    const id = await delivered(w);
    await acknowledge(w, id);
    const asked = await recall(w, { documentId: id }, WHO.siteAdmin);
    expect(asked).toMatchObject({
      state: 'recall-requested',
      recall: { outcome: null, answer: null },
    });
    // The receiver still has it meanwhile.
    expect((await inbox(w))[0]?.download).not.toBeNull();
    await expect(pConfirm(w, { documentId: id }, SITE)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const confirmed = await pConfirm(w, { documentId: id }, SPONSOR);
    expect(confirmed).toMatchObject({
      state: 'recalled',
      recall: { outcome: 'confirmed', answer: { by: 'system:sys-sponsor' } },
    });
    await pConfirm(w, { documentId: id }, SPONSOR);
    expect(returnsOf(w)).toEqual([
      'document.recall-requested success org-site',
      'document.recall-requested success org-sponsor',
      'document.recall-confirmed success org-site',
      'document.recall-confirmed success org-sponsor',
    ]);
  });

  it('a request the receiver declines with a comment: acknowledged again; in the console too', async () => {
    const w = setUp();
    const id = await delivered(w);
    await acknowledge(w, id);
    await pRecall(w, { documentId: id }, SITE);
    expect(() =>
      partnerRoutes['partner-decline-recall'].request.parse({ documentId: id }),
    ).toThrow();
    const consoleRequest = routes['s3documents/return'].request;
    expect(() => consoleRequest.parse({ documentId: id, action: 'decline-recall' })).toThrow(
      /comment/,
    );
    expect(() =>
      consoleRequest.parse({ documentId: id, action: 'recall', reason: 'wrong-document' }),
    ).toThrow(/Only a rejection has a reason/);
    await expect(
      decline(w, { documentId: id, comment: 'Filed.' }, WHO.siteAdmin),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const declined = await decline(
      w,
      { documentId: id, comment: 'Already filed; it is correct.' },
      WHO.sponsorAdmin,
    );
    expect(declined).toMatchObject({
      state: 'acknowledged',
      recall: { outcome: 'declined', answer: { comment: 'Already filed; it is correct.' } },
    });
    await expect(pDecline(w, { documentId: id, comment: 'x' }, SPONSOR)).resolves.toMatchObject({
      state: 'acknowledged',
    });
    await expect(confirm(w, { documentId: id }, WHO.sponsorAdmin)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('a held document recalled: it waits for nothing any more, counted neither held nor delivered; its receiver never had it (404)', async () => {
    const w = setUp();
    const held = await sendWhole(w, pdf('Protocol signature page'), {
      idempotencyKey: 'key-signature',
      typeCode: 'PSP',
      personName: undefined,
    });
    expect(held.state).toBe('held');
    await expect(
      pReject(w, { documentId: held.documentId, reason: 'wrong-document' }, SPONSOR),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await pRecall(w, { documentId: held.documentId }, SITE);
    const record = await w.documents.get(held.documentId);
    expect(record).toMatchObject({ state: 'recalled', holdReason: null, holdDetail: null });
    const counters = documentCounts(record ?? never()).map((c) => c.counter);
    expect(counters.filter((c) => c.startsWith('held_') || c.startsWith('delivered_'))).toEqual([]);
  });

  it('only the sending side recalls: the receiver 403 in the console, 404 through the API', async () => {
    const w = setUp();
    const id = await delivered(w);
    await expect(recall(w, { documentId: id }, WHO.sponsorAdmin)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(pRecall(w, { documentId: id }, SPONSOR)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await w.documents.get(id))?.state).toBe('delivered');
  });
});

function never(): never {
  throw new Error('no record');
}
