import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrashConsole, eventually, killedAt, stepsOf } from './crash-console';
import { Exchange } from './crash-documents';

/**
 * Every journaled document write killed at each of its steps (issue 32), as the credential
 * writes are (credentials.crash.test.ts): a send, a completion, an acknowledgement, a download,
 * a rejection and a recall (issue 35's document.return; a recall's link handed out before no
 * longer downloads), an administrator's retry, and a publication with the release of the
 * documents it maps. After each restart the write is whole and recorded exactly once in each
 * organisation's trail — the sender's and the receiver's — and each fact it tells a partner is in
 * that organisation's events feed exactly once (a rejection the sender's, a recall the
 * receiver's, a hold the organisation that resolves it, a publication the partner's); nothing is
 * left in the journal, the sender's or the receiver's retry answers as the first call would have,
 * and a document reaches the receiver's inbox once.
 */

/** A document's write is recorded once: one record, in both organisations' trails (`alsoFor`). */
const ONCE = { success: 1, failure: 0 };

describe('document writes killed at every step', () => {
  let console: CrashConsole;
  let x: Exchange;

  beforeAll(async () => {
    console = await CrashConsole.create();
    await console.start();
    x = new Exchange(console);
    await x.setUp();
  }, 240_000);

  afterAll(async () => {
    await console.dispose();
  });

  const settled = async () => {
    expect(await console.settled()).toEqual({ journal: [], outbox: [] });
  };

  it('send: one document per key, recorded once; the same key again answers it', async () => {
    const steps = await stepsOf(console, 'document.send', () =>
      x.announce(`crash-${randomUUID()}`, x.freshPdf()),
    );
    expect(steps).toEqual([
      'journal:document.send:begun',
      'journal:document.send:create',
      'journal:document.send:audit',
    ]);
    for (const step of steps) {
      const key = `crash-${randomUUID()}`;
      const file = x.freshPdf();
      await killedAt(console, step, () => x.announce(key, file));
      await settled();
      const again = await x.announce(key, file);
      expect(again.status, `${step}: ${JSON.stringify(again.error)}`).toBe(200);
      const { documentId } = again.data.document;
      expect(await x.audited('document.sent', documentId), step).toEqual(ONCE);
      // The same key once more: still that one document.
      expect((await x.announce(key, file)).data.document.documentId).toBe(documentId);
    }
  }, 600_000);

  it('complete: kept, checked, scanned, delivered and recorded once, in the inbox once; the repeat answers it', async () => {
    const first = await x.uploaded();
    const steps = await stepsOf(console, 'document.complete', () => x.complete(first.documentId));
    expect(steps).toEqual([
      'journal:document.complete:begun',
      'journal:document.complete:keep',
      'journal:document.complete:check',
      'journal:document.complete:settle',
      'journal:document.complete:audit',
    ]);
    for (const step of steps) {
      const { documentId } = await x.uploaded();
      await killedAt(console, step, () => x.complete(documentId));
      await settled();
      const again = await x.complete(documentId);
      expect(again.status, `${step}: ${JSON.stringify(again.error)}`).toBe(200);
      expect((await x.scanned(documentId)).data.document.state, step).toBe('delivered');
      expect(await x.audited('document.received', documentId), step).toEqual(ONCE);
      expect(await x.audited('document.scanned', documentId), step).toEqual(ONCE);
      expect(
        (await x.inbox()).filter((id) => id === documentId),
        step,
      ).toHaveLength(1);
      const events = (await x.get(documentId)).data.document.events.map((e) => e.event);
      expect(events, step).toEqual([
        'announced',
        'uploaded',
        'received',
        'content-checked',
        'scanned',
        'classified',
        'delivered',
      ]);
    }
  }, 600_000);

  it('acknowledge and download: recorded once each; the receiver’s repeat answers the same', async () => {
    const first = await x.sent();
    const ackSteps = await stepsOf(console, 'document.change', () => x.acknowledge(first));
    expect(ackSteps).toEqual([
      'journal:document.change:begun',
      'journal:document.change:commit',
      'journal:document.change:audit',
    ]);
    for (const step of ackSteps) {
      const documentId = await x.sent();
      await killedAt(console, step, () => x.acknowledge(documentId));
      await settled();
      const again = await x.acknowledge(documentId);
      expect(again.status, step).toBe(200);
      expect(again.data.state).toBe('acknowledged');
      expect((await x.acknowledge(documentId)).data.acknowledgedAt).toBe(again.data.acknowledgedAt);
      expect(await x.audited('document.acknowledged', documentId), step).toEqual(ONCE);
    }
    for (const step of ackSteps) {
      const documentId = await x.sent();
      await killedAt(console, step, () => x.download(documentId));
      await settled();
      expect((await x.detail(documentId))?.downloadCount, step).toBe(1);
      expect(await x.audited('document.downloaded', documentId), step).toEqual(ONCE);
      const again = await x.download(documentId);
      expect(again.status, step).toBe(200);
      expect((await x.detail(documentId))?.downloadCount, step).toBe(2);
    }
  }, 600_000);

  it('a rejection (issue 35): rejected and recorded once; the receiver’s repeat answers the same', async () => {
    const first = await x.sent();
    const steps = await stepsOf(console, 'document.return', () => x.reject(first));
    expect(steps).toEqual([
      'journal:document.return:begun',
      'journal:document.return:commit',
      'journal:document.return:audit',
    ]);
    for (const step of steps) {
      const documentId = await x.sent();
      await killedAt(console, step, () => x.reject(documentId));
      await settled();
      const again = await x.reject(documentId);
      expect(again.status, step).toBe(200);
      expect(again.data).toMatchObject({
        state: 'rejected',
        rejection: { reason: 'wrong-version' },
      });
      expect(await x.audited('document.rejected', documentId), step).toEqual(ONCE);
      // Issue 35: the sender's system reads the rejection in its feed once.
      expect(await x.feedEvents('site', 'document.rejected', documentId), step).toBe(1);
      const events = (await x.get(documentId)).data.document.events.map((e) => e.event);
      expect(
        events.filter((e) => e === 'rejected'),
        step,
      ).toHaveLength(1);
    }
  }, 600_000);

  it('a recall (issue 35): recalled and recorded once; the link handed out before no longer downloads', async () => {
    const first = await x.sent();
    const steps = await stepsOf(console, 'document.return', () => x.recall(first));
    expect(steps).toEqual([
      'journal:document.return:begun',
      'journal:document.return:move',
      'journal:document.return:commit',
      'journal:document.return:unlink',
      'journal:document.return:audit',
    ]);
    for (const step of steps) {
      const documentId = await x.sent();
      const link = await x.linkOf(documentId);
      if (link === null) throw new Error(`${step}: the inbox offered no link`);
      expect((await fetch(link)).status, step).toBe(200);
      await killedAt(console, step, () => x.recall(documentId));
      await settled();
      const again = await x.recall(documentId);
      expect(again.status, step).toBe(200);
      expect(again.data.state, step).toBe('recalled');
      expect(await x.audited('document.recalled', documentId), step).toEqual(ONCE);
      // The receiver's system reads the recall in its feed once.
      expect(await x.feedEvents('sponsor', 'document.recalled', documentId), step).toBe(1);
      // Whatever the step it was cut short at, the file moved and its old key is gone.
      expect((await fetch(link)).status, step).not.toBe(200);
      expect(await x.linkOf(documentId), step).toBeNull();
    }
  }, 600_000);

  it('an administrator’s retry of a held document: recorded once, the document still whole', async () => {
    const unmapped = () => `UNMAPPED-${randomUUID().slice(0, 6).toUpperCase()}`;
    const first = await x.sent(unmapped());
    const steps = await stepsOf(console, 'document.change', () => x.retry(first));
    expect(steps).toEqual([
      'journal:document.change:begun',
      'journal:document.change:commit',
      'journal:document.change:audit',
    ]);
    for (const step of steps) {
      const documentId = await x.sent(unmapped());
      await killedAt(console, step, () => x.retry(documentId));
      await settled();
      const detail = await x.detail(documentId);
      expect(detail?.state, step).toBe('held');
      expect(
        detail?.events.filter((e) => e.event === 'retried'),
        step,
      ).toHaveLength(1);
      expect(await x.audited('document.retried', documentId), step).toEqual(ONCE);
      // Held once (by its send), not again by the retry that left it held.
      expect(await x.feedEvents('site', 'document.held', documentId), step).toBe(1);
    }
  }, 600_000);

  it('a publication killed at each step: the standard published once, its held documents delivered once', async () => {
    const heldFor = async () => {
      const typeCode = `FORM-${randomUUID().slice(0, 6).toUpperCase()}`;
      const documentId = await x.sent(typeCode);
      expect((await x.get(documentId)).data.document.state).toBe('held');
      await x.refreshSiteStandard();
      const version = await x.siteVersionMapping(typeCode);
      return { documentId, version };
    };
    const publishAudits = async () =>
      (await x.audited('standard.published', x.siteStandardId)).success;
    // The partner's system hears of each publication once (issue 35).
    const publishEvents = () => x.feedEvents('sponsor', 'standard.published', x.siteStandardId);
    const first = await heldFor();
    const mark = console.mark();
    await x.publish(x.n.people.siteAdmin, first.version);
    await delay(100);
    const steps = [
      ...console.passed(mark, 'journal:registry.write:'),
      ...console.passed(mark, 'journal:document.change:'),
    ];
    expect(steps).toEqual([
      'journal:registry.write:begun',
      'journal:registry.write:commit',
      'journal:registry.write:audit',
      'journal:registry.write:events',
      'journal:document.change:begun',
      'journal:document.change:commit',
      'journal:document.change:audit',
    ]);
    expect((await x.get(first.documentId)).data.document.state).toBe('delivered');
    for (const [i, step] of steps.entries()) {
      const held = await heldFor();
      const before = await publishAudits();
      const told = await publishEvents();
      // Two signers in turn: each authenticator gives a few codes a half-minute.
      const signer = i % 2 === 0 ? x.n.admin : x.n.people.siteAdmin;
      await killedAt(console, step, () => x.publish(signer, held.version));
      // Published whole; released at the start, or by the first pass's scheduled release.
      await eventually(
        `${step}: delivered`,
        async () => (await x.get(held.documentId)).data.document.state === 'delivered',
      );
      await settled();
      expect(await publishAudits(), step).toBe(before + 1);
      expect(await publishEvents(), step).toBe(told + 1);
      expect(await x.audited('document.released', held.documentId), step).toEqual(ONCE);
      expect(
        (await x.inbox()).filter((id) => id === held.documentId),
        step,
      ).toHaveLength(1);
    }
  }, 900_000);
});
