import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { Caller, RequestContext } from '../core/request';
import type { ArtifactCount } from '../core/ports/documents';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryDocumentRequestStore } from '../core/testing/memory-document-requests';
import { connection, network, ORG, STUDY, SYS, WHO } from '../core/testing/connection-test-network';
import { studyCompleteness } from './completeness.core';

/**
 * artifact/study-completeness: the study's artifacts with their documents and, per site, the core
 * site-level artifacts still empty; read from the artifact counters only, within the caller's
 * reach (rules.md), imports counted for the sponsor side alone.
 */

const PI_CV = '05.02.04';
const SIGNATURE_PAGE = '05.02.02';
const TMF_PLAN = '01.01.01';

const CONNECTIONS = [
  connection('conn-b', STUDY.main, ORG.site.organisationId, {
    siteNumber: '202',
    status: 'active',
    siteSystemId: SYS.site.systemId,
  }),
  connection('conn-a', STUDY.main, ORG.otherSite.organisationId, {
    siteNumber: '101',
    status: 'ended',
    siteSystemId: SYS.otherSite.systemId,
  }),
  // Declined before any answer: no site exchanged over it, so it is no site of the view.
  connection('conn-declined', STUDY.main, ORG.unrelatedSite.organisationId, {
    siteNumber: '303',
    status: 'declined',
  }),
  connection('conn-other-study', STUDY.other, ORG.site.organisationId, {
    siteNumber: '909',
    status: 'active',
    siteSystemId: SYS.site.systemId,
  }),
];

/** What the counters hold for study 1: delivered documents per site, and the sponsor's imports. */
const COUNTS: ArtifactCount[] = [
  { artifactNumber: PI_CV, connectionId: 'conn-b', count: 2, imported: 0 },
  { artifactNumber: SIGNATURE_PAGE, connectionId: 'conn-b', count: 0, imported: 1 },
  { artifactNumber: PI_CV, connectionId: 'conn-a', count: 1, imported: 0 },
  // Trial level, imported by the sponsor side: under no connection.
  { artifactNumber: TMF_PLAN, connectionId: '', count: 0, imported: 3 },
];

const setUp = () => {
  const { registry } = network(CONNECTIONS.map((record) => ({ type: 'connection', record })));
  const asked: string[] = [];
  const documents = {
    artifactCounts: (studyId: string) => {
      asked.push(studyId);
      return Promise.resolve(studyId === STUDY.main.studyId ? structuredClone(COUNTS) : []);
    },
    page: () => Promise.resolve({ records: [], last: null }),
  };
  // No requests here: document-requests.core.test.ts counts them with real deliveries.
  const requests = new MemoryDocumentRequestStore();
  return { deps: { registry, documents, requests, clock: new FakeClock() }, asked };
};

/** The call as the router makes it: the input parsed, the answer checked against the contract. */
const completeness = async (
  who: RequestContext<Caller>,
  studyId: string = STUDY.main.studyId,
  world = setUp(),
) => {
  const route = routes['artifact/study-completeness'];
  return route.response.parse(
    await studyCompleteness(route.request.parse({ studyId }), who, world.deps),
  );
};

const artifact = (view: Awaited<ReturnType<typeof completeness>>, number: string) =>
  view.artifacts.find((a) => a.number === number);

describe('artifact/study-completeness', () => {
  it('shows the sponsor every site that exchanged, in site-number order, with the imports', async () => {
    const world = setUp();
    const view = await completeness(WHO.sponsorAdmin, STUDY.main.studyId, world);
    expect(world.asked).toEqual([STUDY.main.studyId]);
    expect(view.study).toEqual({
      studyId: STUDY.main.studyId,
      protocolNumber: 'ABC-001',
      title: STUDY.main.title,
    });
    expect(view.catalogueVersion).toBe('3.3');
    expect(view.sites.map((s) => [s.siteNumber, s.connectionId, s.siteName, s.status])).toEqual([
      ['101', 'conn-a', "St. Mary's Hospital", 'ended'],
      ['202', 'conn-b', 'Charité Berlin', 'active'],
    ]);
    expect(artifact(view, PI_CV)).toMatchObject({ documents: 3, imported: 0, core: true });
    expect(artifact(view, SIGNATURE_PAGE)).toMatchObject({ documents: 0, imported: 1 });
    expect(artifact(view, TMF_PLAN)).toMatchObject({ documents: 0, imported: 3, core: false });
    expect(view.artifacts.every((a) => a.documents >= 0)).toBe(true);
  });

  it('names per site the core site-level artifacts still empty: a delivered or imported one is not missing', async () => {
    const view = await completeness(WHO.sponsorAdmin);
    const [a, b] = view.sites;
    const coreSite = view.artifacts.filter((x) => x.core && x.siteLevel).map((x) => x.number);
    expect(b).toMatchObject({ documents: 2, imported: 1, coreSiteArtifacts: coreSite.length });
    expect(b?.missingCore).toEqual(coreSite.filter((n) => n !== PI_CV && n !== SIGNATURE_PAGE));
    expect(a).toMatchObject({ documents: 1, imported: 0 });
    expect(a?.missingCore).toEqual(coreSite.filter((n) => n !== PI_CV));
    // A trial-level artifact is never missing at a site.
    expect(b?.missingCore).not.toContain(TMF_PLAN);
  });

  it("shows the study's CRO, a PlatformAdmin and an Auditor of every organisation the same as the sponsor", async () => {
    const sponsor = await completeness(WHO.sponsorAdmin);
    expect(sponsor.sponsorSide).toBe(true);
    for (const who of [WHO.croAdmin, WHO.platformAdmin, WHO.auditorAll]) {
      expect(await completeness(who)).toEqual(sponsor);
    }
  });

  it('shows a site only its own connections, and none of the sponsor side’s imports', async () => {
    for (const who of [WHO.siteAdmin, WHO.siteAuditor]) {
      const view = await completeness(who);
      expect(view.sites.map((s) => s.connectionId)).toEqual(['conn-b']);
      expect(view.sponsorSide).toBe(false);
      expect(view.sites[0]).toMatchObject({ documents: 2, imported: 0 });
      expect(artifact(view, PI_CV)).toMatchObject({ documents: 2, imported: 0 });
      // The other site's document and the sponsor's imports are not the site's to count.
      expect(artifact(view, SIGNATURE_PAGE)).toMatchObject({ documents: 0, imported: 0 });
      expect(artifact(view, TMF_PLAN)).toMatchObject({ documents: 0, imported: 0 });
      expect(view.sites[0]?.missingCore).toContain(SIGNATURE_PAGE);
    }
  });

  it('answers 404 alike for a study out of reach and one that does not exist', async () => {
    const refusals = [
      // A site with no connection of the study, another sponsor, a site whose invitation was declined.
      [WHO.unrelatedAdmin, STUDY.main.studyId],
      [WHO.otherSponsorAdmin, STUDY.main.studyId],
      [WHO.siteAdmin, STUDY.own.studyId],
      // An account whose role needs an organisation and has none reaches nothing.
      [callerContext({ role: 'OrgAdmin', organisationId: null }), STUDY.main.studyId],
      [WHO.platformAdmin, 'study-missing'],
    ] as const;
    for (const [who, studyId] of refusals) {
      await expect(completeness(who, studyId)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'No study with that id is within your reach.',
      });
    }
  });

  it('shows the sponsor a study without any site yet: every artifact at nought', async () => {
    const view = await completeness(WHO.sponsorAdmin, STUDY.own.studyId);
    expect(view.sites).toEqual([]);
    expect(view.artifacts.length).toBeGreaterThan(200);
    expect(view.artifacts.every((a) => a.documents === 0 && a.imported === 0)).toBe(true);
  });
});
