import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { routes } from '@ccsc/contract/routes';
import type { ReturnAction } from '@ccsc/contract/document-return-schemas';
import type { Caller, PartnerContext, RequestContext } from '../core/request';
import { WHO } from '../core/testing/connection-test-network';
import { acknowledgeDocument } from './exchange-receiving';
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
import { pdf, sendWhole, setUp, SITE, SPONSOR, type World } from './document-world-kit';

/**
 * Issue 35: a document sent back is news for the other side — a rejection for the sender, a
 * recall (made, or asked for) for the receiver, a confirmed recall for the sender — written by
 * the same journaled write that makes the fact, in the console and through the partner API alike,
 * once: a call again, or a write cut short and finished by the reconciler, emits nothing twice.
 * The world: the site (org-site) sends a CV to the sponsor (org-sponsor).
 */

const delivered = async (w: World) => (await sendWhole(w, pdf('CV of Dr. Jana Müller'))).documentId;

const inConsole =
  (action: ReturnAction) =>
  async (w: World, body: Record<string, unknown>, who: RequestContext<Caller>) => {
    const route = routes['s3documents/return'];
    return returnDocumentInConsole(route.request.parse({ ...body, action }), who, w.deps);
  };

const partner =
  (
    op: keyof typeof partnerRoutes,
    core: (input: never, ctx: PartnerContext, deps: World['deps']) => Promise<unknown>,
  ) =>
  async (w: World, body: Record<string, unknown>, ctx: PartnerContext) =>
    core(partnerRoutes[op].request.parse(body) as never, ctx, w.deps);

const pReject = partner('partner-reject-document', partnerRejectDocument);
const pRecall = partner('partner-recall-document', partnerRecallDocument);
const pConfirm = partner('partner-confirm-recall', partnerConfirmRecall);
const pDecline = partner('partner-decline-recall', partnerDeclineRecall);

const acknowledge = (w: World, documentId: string) =>
  acknowledgeDocument(
    partnerRoutes['partner-acknowledge-document'].request.parse({ documentId }),
    SPONSOR,
    w.deps,
  );

/** The return events written, as `kind → organisation (counterpart): reason`. */
const returnEvents = (w: World) =>
  w.events.events
    .filter((e) => /rejected|recall/.test(e.kind))
    .map(
      (e) =>
        `${e.kind} → ${e.organisationId} (${e.counterpart?.name ?? '-'}): ${e.reason ?? '-'} [${e.subject.type}:${e.subject.id}]`,
    );

describe('return events', () => {
  it('a rejection through the API: the sender hears it once, with the reason code', async () => {
    const w = setUp();
    const id = await delivered(w);
    await pReject(w, { documentId: id, reason: 'missing-signature' }, SPONSOR);
    await pReject(w, { documentId: id, reason: 'missing-signature' }, SPONSOR);
    expect(returnEvents(w)).toEqual([
      `document.rejected → org-site (Acme Pharma): missing-signature [document:${id}]`,
    ]);
    expect(w.events.events.at(-1)?.subject.name).toBe('CV of Dr. Jana Müller');
  });

  it('a rejection in the console: the code and the comment in the reason', async () => {
    const w = setUp();
    const id = await delivered(w);
    await inConsole('reject')(
      w,
      { documentId: id, reason: 'other', comment: 'Page 2 is from another CV.' },
      WHO.sponsorAdmin,
    );
    expect(returnEvents(w)).toEqual([
      `document.rejected → org-site (Acme Pharma): other: Page 2 is from another CV. [document:${id}]`,
    ]);
  });

  it('a recall before the acknowledgement: the receiver hears it is recalled (it can no longer download)', async () => {
    const w = setUp();
    const id = await delivered(w);
    await pRecall(w, { documentId: id, comment: 'Wrong study.' }, SITE);
    await pRecall(w, { documentId: id }, SITE);
    expect(returnEvents(w)).toEqual([
      `document.recalled → org-sponsor (Charité Berlin): - [document:${id}]`,
    ]);
  });

  it('a recall after it: the receiver is asked to confirm, and the sender hears the confirmation', async () => {
    const w = setUp();
    const id = await delivered(w);
    await acknowledge(w, id);
    await inConsole('recall')(w, { documentId: id }, WHO.siteAdmin);
    await inConsole('confirm-recall')(w, { documentId: id }, WHO.sponsorAdmin);
    await pConfirm(w, { documentId: id }, SPONSOR);
    expect(returnEvents(w)).toEqual([
      `document.recall-requested → org-sponsor (Charité Berlin): - [document:${id}]`,
      `document.recall-confirmed → org-site (Acme Pharma): - [document:${id}]`,
    ]);
  });

  it('a declined recall, and a recall of a held document the receiver never had, tell nobody', async () => {
    const w = setUp();
    const id = await delivered(w);
    await acknowledge(w, id);
    await pRecall(w, { documentId: id }, SITE);
    await pDecline(w, { documentId: id, comment: 'We keep it.' }, SPONSOR);
    expect(returnEvents(w)).toHaveLength(1);
    const held = await sendWhole(w, pdf('Protocol signature page'), {
      idempotencyKey: 'key-signature',
      typeCode: 'PSP',
      personName: undefined,
    });
    expect(held.state).toBe('held');
    await pRecall(w, { documentId: held.documentId }, SITE);
    expect(returnEvents(w)).toHaveLength(1);
  });

  // Cut short after the commit (the journal's one save), or after the audit step's events, the
  // process dying as the journal was told the write was done: the reconciler runs the steps left.
  it.each(['after the commit', 'after its events'])(
    'a rejection cut short %s and finished by the reconciler: its event once',
    async (when) => {
      const w = setUp();
      const id = await delivered(w);
      const record = await w.documents.get(id);
      if (record === null) throw new Error('the document went missing');
      const before = w.events.events.length;
      const finish = w.journal.finish.bind(w.journal);
      if (when === 'after the commit') w.journal.crashAfterSaves = 0;
      else
        w.journal.finish = () => {
          w.journal.crashed = true;
          return Promise.reject(new Error('the process died'));
        };
      await expect(
        w.deps.writes.run(returnDocumentWrite, documentSubject(id), {
          documentId: id,
          fromRevision: record.revision,
          step: 'reject',
          before: record.state,
          reason: 'wrong-document',
          comment: null,
          organisationId: 'org-sponsor',
          who: systemWho(SPONSOR),
        }),
      ).rejects.toThrow('the process died');
      w.journal.finish = finish;
      w.journal.restart();
      expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 1 });
      expect(await w.deps.writes.reconcile(true)).toMatchObject({ finished: 0 });
      expect(await w.documents.get(id)).toMatchObject({ state: 'rejected' });
      expect(w.events.events.slice(before).map((e) => [e.kind, e.organisationId])).toEqual([
        ['document.rejected', 'org-site'],
      ]);
    },
  );
});
