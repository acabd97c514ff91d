import { describe, expect, it } from 'vitest';
import { ORG, WHO } from '../core/testing/connection-test-network';
import { pdf, sendWhole, SPONSOR_STANDARD_V2 } from './document-world-kit';
import { emitRequestEvents } from './request-events';
import { call, type RequestWorld, requestWorld } from './request-test-kit';

/**
 * Issue 35: document requests as events. The sponsor's request is news for the site, emitted by
 * the write that makes it, once (a create cut short and finished by the reconciler too); the
 * scheduled pass tells the site of a request due soon, both sides of one overdue and the sponsor
 * of one fulfilled, each once however often it runs. The world's clock starts 2025-03-12 09:00
 * UTC; site 101 (conn-1) is org-site's, the sponsor org-sponsor.
 */

const CV = '05.02.04';
const SIGNATURE_PAGE = '05.02.02';
const MONITORING_REPORT = '05.03.01';

const threeFromSite101 = (w: RequestWorld) =>
  call.create(w, WHO.sponsorAdmin, {
    studyId: 'study-1',
    sites: { kind: 'some', connectionIds: ['conn-1'] },
    artifacts: [
      { artifactNumber: CV, dueDate: '2025-03-20' },
      { artifactNumber: SIGNATURE_PAGE, dueDate: '2025-03-20' },
      { artifactNumber: MONITORING_REPORT, dueDate: '2025-03-14' },
    ],
  });

const pass = async (w: RequestWorld) => {
  const failures: string[] = [];
  const outcome = await emitRequestEvents(
    {
      registry: w.registry,
      requests: w.requests,
      documents: w.documents,
      events: w.events,
      clock: w.clock,
    },
    (studyId) => failures.push(studyId),
  );
  expect(failures).toEqual([]);
  return outcome;
};

/** The request events written, as `kind → organisation (counterpart) artifact`. */
const requestEvents = (w: RequestWorld) =>
  w.events.events
    .filter((e) => e.kind.startsWith('request.'))
    .map(
      (e) => `${e.kind} → ${e.organisationId} (${e.counterpart?.name ?? '-'}) ${e.subject.name}`,
    );

const artifactOf = async (w: RequestWorld, requestId: string) =>
  (await w.requests.request('study-1', requestId))?.artifactNumber;

describe('request events', () => {
  it('a request is news for its site once: its id, its study, its artifact and due day', async () => {
    const w = requestWorld();
    const made = await threeFromSite101(w);
    const received = w.events.events.filter((e) => e.kind === 'request.received');
    expect(received.map((e) => e.organisationId)).toEqual([
      ORG.site.organisationId,
      ORG.site.organisationId,
      ORG.site.organisationId,
    ]);
    expect(received[0]).toMatchObject({
      subject: {
        type: 'request',
        id: made.requests.find((r) => r.artifactNumber === CV)?.requestId,
        studyId: 'study-1',
        name: expect.stringMatching(/\(.+, 20-Mar-2025\)$/) as unknown,
      },
      counterpart: { organisationId: ORG.sponsor.organisationId },
      reason: null,
    });
    expect(received.map((e) => e.subject.id).sort()).toEqual(
      made.requests.map((r) => r.requestId).sort(),
    );
  });

  it('due soon, fulfilled, overdue: each once, to the right side, however often the pass runs', async () => {
    const w = requestWorld();
    w.registry.seed([{ type: 'standard', record: SPONSOR_STANDARD_V2 }]);
    await threeFromSite101(w);
    const received = requestEvents(w).length;

    // The 12th: the report, due the 14th, is due soon (for the site); the others, the 20th, not.
    await pass(w);
    await pass(w);
    const dueSoon = w.events.events.filter((e) => e.kind === 'request.due-soon');
    expect(dueSoon.map((e) => e.organisationId)).toEqual([ORG.site.organisationId]);
    expect(await artifactOf(w, dueSoon[0]?.subject.id ?? '')).toBe(MONITORING_REPORT);

    // The site sends two of them: each fulfilled, news for the sponsor.
    w.clock.advance(60_000);
    await sendWhole(w, pdf('cv'), { idempotencyKey: 'key-cv-000001' });
    await sendWhole(w, pdf('psp'), {
      idempotencyKey: 'key-psp-00001',
      typeCode: 'PSP',
      title: 'Protocol signature page',
      personName: undefined,
    });
    await pass(w);
    await pass(w);
    const fulfilled = w.events.events.filter((e) => e.kind === 'request.fulfilled');
    expect(fulfilled.map((e) => [e.organisationId, e.counterpart?.organisationId])).toEqual([
      [ORG.sponsor.organisationId, ORG.site.organisationId],
      [ORG.sponsor.organisationId, ORG.site.organisationId],
    ]);
    expect((await Promise.all(fulfilled.map((e) => artifactOf(w, e.subject.id)))).sort()).toEqual(
      [CV, SIGNATURE_PAGE].sort(),
    );

    // The 15th: the report is overdue, news for the site and the sponsor; nothing else again.
    w.clock.current = new Date('2025-03-15T00:00:00.000Z');
    await pass(w);
    await pass(w);
    const overdue = w.events.events.filter((e) => e.kind === 'request.overdue');
    expect(overdue.map((e) => e.organisationId).sort()).toEqual(
      [ORG.site.organisationId, ORG.sponsor.organisationId].sort(),
    );
    expect(await artifactOf(w, overdue[0]?.subject.id ?? '')).toBe(MONITORING_REPORT);
    expect(requestEvents(w)).toHaveLength(received + 1 + 2 + 2);
  });

  it('says nothing of a cancelled request, nor of a fact older than a week', async () => {
    const w = requestWorld();
    const made = await threeFromSite101(w);
    const report = made.requests.find((r) => r.artifactNumber === MONITORING_REPORT);
    await call.cancel(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      requestId: report?.requestId ?? '',
    });
    // The others, due the 20th, were overdue from the 21st: a week after, no longer news.
    w.clock.current = new Date('2025-03-29T00:00:00.000Z');
    await pass(w);
    expect(requestEvents(w).filter((line) => !line.startsWith('request.received'))).toEqual([]);
    // A day earlier it still was (for both sides of both).
    w.clock.current = new Date('2025-03-28T00:00:00.000Z');
    await pass(w);
    expect(w.events.events.filter((e) => e.kind === 'request.overdue')).toHaveLength(4);
  });

  it.each(['after its records', 'after its events'])(
    'a create cut short %s and finished by the reconciler: each request news once',
    async (when) => {
      const w = requestWorld();
      const finish = w.requestJournal.finish.bind(w.requestJournal);
      if (when === 'after its records') w.requestJournal.crashAfterSaves = 0;
      else
        w.requestJournal.finish = () => {
          w.requestJournal.crashed = true;
          return Promise.reject(new Error('the process died'));
        };
      await expect(threeFromSite101(w)).rejects.toThrow();
      w.requestJournal.finish = finish;
      w.requestJournal.restart();
      w.clock.advance(2 * 60_000);
      expect(await w.writeJournal.reconcile(true)).toMatchObject({ finished: 1 });
      expect(await w.writeJournal.reconcile(true)).toMatchObject({ finished: 0 });
      expect(w.events.events.filter((e) => e.kind === 'request.received')).toHaveLength(3);
    },
  );
});
