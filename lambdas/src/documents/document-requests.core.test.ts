import { describe, expect, it } from 'vitest';
import { ORG, WHO } from '../core/testing/connection-test-network';
import {
  OTHER_SITE,
  pdf,
  sendWhole,
  SITE,
  SPONSOR,
  SPONSOR_STANDARD_V2,
} from './document-world-kit';
import { routes } from '@ccsc/contract/routes';
import { studyCompleteness } from './completeness.core';
import { documentRequestsCreate } from './operations';
import { call, type RequestWorld, requestWorld } from './request-test-kit';

/**
 * document-requests/* and the partner API's `requests`: the sponsor asks sites for artifacts;
 * the states are computed when read — a delivered document of the artifact on the connection
 * fulfils the oldest open request, a due date passed makes it overdue — and every change is
 * audited once in each organisation's trail.
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
      { artifactNumber: SIGNATURE_PAGE, dueDate: '2025-03-20', note: 'Version 2.0 please' },
      { artifactNumber: MONITORING_REPORT, dueDate: '2025-03-14' },
    ],
  });

const statesOf = async (w: RequestWorld) =>
  Object.fromEntries(
    (await call.list(w, WHO.sponsorAdmin, { studyId: 'study-1' })).requests.map((r) => [
      r.artifactNumber,
      r.state,
    ]),
  );

describe('document requests', () => {
  it('three requested, two fulfilled by the site system sending, the third overdue after its due date', async () => {
    const w = requestWorld();
    w.registry.seed([{ type: 'standard', record: SPONSOR_STANDARD_V2 }]);
    const made = await threeFromSite101(w);
    expect(made.requests.map((r) => [r.siteNumber, r.artifactNumber, r.state])).toEqual([
      ['101', MONITORING_REPORT, 'open'],
      ['101', CV, 'open'],
      ['101', SIGNATURE_PAGE, 'open'],
    ]);
    // The site system sees them through the partner API.
    const seen = await call.partner(w, SITE, { state: 'open' });
    expect(seen.requests.map((r) => r.artifactNumber).sort()).toEqual(
      [CV, MONITORING_REPORT, SIGNATURE_PAGE].sort(),
    );

    w.clock.advance(60_000);
    const cv = await sendWhole(w, pdf('cv'), { idempotencyKey: 'key-cv-000001' });
    const psp = await sendWhole(w, pdf('psp'), {
      idempotencyKey: 'key-psp-00001',
      typeCode: 'PSP',
      title: 'Protocol signature page',
      personName: undefined,
    });
    expect([cv.state, psp.state]).toEqual(['delivered', 'delivered']);
    expect(await statesOf(w)).toEqual({
      [CV]: 'fulfilled',
      [SIGNATURE_PAGE]: 'fulfilled',
      [MONITORING_REPORT]: 'open',
    });
    const fulfilled = (await call.partner(w, SITE, { state: 'fulfilled' })).requests;
    expect(fulfilled.find((r) => r.artifactNumber === CV)?.fulfilledBy?.documentId).toBe(
      cv.documentId,
    );

    // 2025-03-14 is the last day the report is due; on the 15th (UTC) it is overdue.
    w.clock.current = new Date('2025-03-14T23:59:00.000Z');
    expect((await statesOf(w))[MONITORING_REPORT]).toBe('open');
    w.clock.current = new Date('2025-03-15T00:00:00.000Z');
    expect((await statesOf(w))[MONITORING_REPORT]).toBe('overdue');
    expect((await call.partner(w, SITE, { state: 'overdue' })).requests).toHaveLength(1);

    // The study's completeness view counts them per site.
    const route = routes['artifact/study-completeness'];
    const view = route.response.parse(
      await studyCompleteness(route.request.parse({ studyId: 'study-1' }), WHO.sponsorAdmin, {
        registry: w.registry,
        documents: w.documents,
        requests: w.requests,
        clock: w.clock,
      }),
    );
    expect(view.sites.map((s) => [s.siteNumber, s.requests])).toEqual([
      ['101', { requested: 3, received: 2, overdue: 1 }],
      ['102', { requested: 0, received: 0, overdue: 0 }],
      ['103', { requested: 0, received: 0, overdue: 0 }],
    ]);
  });

  it('fulfils the oldest open request of an artifact first, and only with documents sent after it', async () => {
    const w = requestWorld();
    const early = await sendWhole(w, pdf('cv before'), { idempotencyKey: 'key-cv-early1' });
    expect(early.state).toBe('delivered');
    w.clock.advance(60_000);
    const first = await call.create(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      sites: { kind: 'some', connectionIds: ['conn-1'] },
      artifacts: [{ artifactNumber: CV, dueDate: '2025-04-01' }],
    });
    w.clock.advance(60_000);
    await call.create(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      sites: { kind: 'some', connectionIds: ['conn-1'] },
      artifacts: [{ artifactNumber: CV, dueDate: '2025-04-02' }],
    });
    // The CV sent before both requests fulfils neither.
    expect(Object.values(await statesOf(w))).toEqual(['open']);
    w.clock.advance(60_000);
    const cv = await sendWhole(w, pdf('cv after'), { idempotencyKey: 'key-cv-after1' });
    const list = (await call.list(w, WHO.sponsorAdmin, { studyId: 'study-1' })).requests;
    expect(list.map((r) => [r.dueDate, r.state, r.fulfilledBy?.documentId ?? null])).toEqual([
      ['2025-04-01', 'fulfilled', cv.documentId],
      ['2025-04-02', 'open', null],
    ]);
    expect(list[0]?.requestId).toBe(first.requests[0]?.requestId);
  });

  it('asks every active site when told all, and audits once in the sponsor’s, the CRO’s and each site’s trail', async () => {
    const w = requestWorld();
    const made = await call.create(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      sites: { kind: 'all' },
      artifacts: [{ artifactNumber: CV, dueDate: '2025-04-01' }],
    });
    // 101 and 102 are active; 103 is suspended, so it is not asked.
    expect(made.requests.map((r) => r.siteNumber).sort()).toEqual(['101', '102']);
    const created = w.audit.entries.filter((e) => e.action === 'document-request.created');
    expect(created.map((e) => e.organisationId).sort()).toEqual(
      [
        ORG.sponsor.organisationId,
        ORG.cro.organisationId,
        ORG.site.organisationId,
        ORG.otherSite.organisationId,
      ].sort(),
    );
    // Each site's trail names its own request alone.
    const site = created.find((e) => e.organisationId === ORG.site.organisationId);
    expect(site?.after).toEqual({
      requests: [expect.objectContaining({ connectionId: 'conn-1', artifactNumber: CV })],
    });
  });

  it('cancels an open request (audited once per trail) and refuses to cancel it again or a fulfilled one', async () => {
    const w = requestWorld();
    const made = await threeFromSite101(w);
    const report = made.requests.find((r) => r.artifactNumber === MONITORING_REPORT);
    const cv = made.requests.find((r) => r.artifactNumber === CV);
    if (report === undefined || cv === undefined) throw new Error('requests missing');
    const cancelled = await call.cancel(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      requestId: report.requestId,
    });
    expect(cancelled.request).toMatchObject({ state: 'cancelled' });
    expect(w.audit.entries.filter((e) => e.action === 'document-request.cancelled')).toHaveLength(
      3,
    );
    await expect(
      call.cancel(w, WHO.sponsorAdmin, { studyId: 'study-1', requestId: report.requestId }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    w.clock.advance(60_000);
    await sendWhole(w, pdf('cv'), { idempotencyKey: 'key-cv-000002' });
    await expect(
      call.cancel(w, WHO.sponsorAdmin, { studyId: 'study-1', requestId: cv.requestId }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets only the sponsor’s OrgAdmin or a PlatformAdmin make and cancel requests', async () => {
    const w = requestWorld();
    const input = {
      studyId: 'study-1',
      sites: { kind: 'all' as const },
      artifacts: [{ artifactNumber: CV, dueDate: '2025-04-01' }],
    };
    for (const who of [WHO.siteAdmin, WHO.croAdmin, WHO.auditorAll, WHO.siteAuditor]) {
      await expect(call.create(w, who, input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const who of [WHO.otherSponsorAdmin, WHO.unrelatedAdmin]) {
      await expect(call.create(w, who, input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(w.requests.items.size).toBe(0);
    const made = await call.create(w, WHO.platformAdmin, input);
    const id = made.requests[0]?.requestId ?? '';
    await expect(
      call.cancel(w, WHO.siteAdmin, { studyId: 'study-1', requestId: id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      call.cancel(w, WHO.unrelatedAdmin, { studyId: 'study-1', requestId: id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows a site its own requests only, in the console and through the partner API', async () => {
    const w = requestWorld();
    await call.create(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      sites: { kind: 'all' },
      artifacts: [{ artifactNumber: CV, dueDate: '2025-04-01' }],
    });
    const own = await call.list(w, WHO.siteAdmin, { studyId: 'study-1' });
    expect(own.requests.map((r) => r.connectionId)).toEqual(['conn-1']);
    const auditor = await call.list(w, WHO.siteAuditor, { studyId: 'study-1' });
    expect(auditor.requests.map((r) => r.connectionId)).toEqual(['conn-1']);
    expect((await call.list(w, WHO.auditorAll, { studyId: 'study-1' })).total).toBe(2);
    expect((await call.partner(w, OTHER_SITE)).requests.map((r) => r.connectionId)).toEqual([
      'conn-2',
    ]);
    // The sponsor's system sees what its sponsor asked, on its own connections.
    expect((await call.partner(w, SPONSOR)).requests).toHaveLength(2);
    await expect(call.list(w, WHO.unrelatedAdmin, { studyId: 'study-1' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses artifacts not in the model, the same artifact twice, and sites not active in the study', async () => {
    const w = requestWorld();
    await expect(
      call.create(w, WHO.sponsorAdmin, {
        studyId: 'study-1',
        sites: { kind: 'some', connectionIds: ['conn-3', 'conn-4'] },
        artifacts: [
          { artifactNumber: '99.99.99', dueDate: '2025-04-01' },
          { artifactNumber: CV, dueDate: '2025-04-01' },
          { artifactNumber: CV, dueDate: '2025-04-02' },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'artifacts.0.artifactNumber' },
        { path: 'artifacts.2' },
        { path: 'sites.connectionIds.0' },
        { path: 'sites.connectionIds.1' },
      ],
    });
    await expect(
      call.create(w, WHO.sponsorAdmin, {
        studyId: 'study-1',
        sites: { kind: 'all' },
        artifacts: [{ artifactNumber: CV, dueDate: '2025-02-30' }],
      }),
    ).rejects.toThrow('Not a calendar date.');
    expect(w.requests.items.size).toBe(0);
    expect(w.audit.entries).toHaveLength(0);
  });

  it('finishes a create cut short after its records, auditing it once', async () => {
    const w = requestWorld();
    // The commit step done, the process dies before the journal records it.
    w.requestJournal.crashAfterSaves = 0;
    await expect(threeFromSite101(w)).rejects.toThrow();
    expect(w.requests.items.size).toBe(3);
    expect(w.audit.entries.filter((e) => e.action === 'document-request.created')).toHaveLength(0);
    w.requestJournal.restart();
    w.clock.advance(2 * 60_000);
    await w.writeJournal.reconcile(true);
    expect(w.requests.items.size).toBe(3);
    expect(
      w.audit.entries
        .filter((e) => e.action === 'document-request.created')
        .map((e) => e.organisationId)
        .sort(),
    ).toEqual([ORG.sponsor.organisationId, ORG.cro.organisationId, ORG.site.organisationId].sort());
  });

  it('puts a refused request on record as the operation runs it (the site’s OrgAdmin, 403)', async () => {
    const w = requestWorld();
    const route = routes['document-requests/create'];
    const input = route.request.parse({
      studyId: 'study-1',
      sites: { kind: 'all' },
      artifacts: [{ artifactNumber: CV, dueDate: '2025-04-01' }],
    });
    await expect(
      documentRequestsCreate.core(input, WHO.siteAdmin, { ...w.requestDeps, audit: w.audit }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(
      w.audit.entries.map((e) => [e.action, e.outcome, e.organisationId, e.target?.id]),
    ).toEqual([['document-request.created', 'failure', ORG.site.organisationId, 'study-1']]);
    expect(w.requests.items.size).toBe(0);
  });
});
