import { describe, expect, it } from 'vitest';
import { WHO } from '../../core/testing/connection-test-network';
import { aStandard, aStandardVersion } from '../../core/testing/standard-records';
import { ROWS_KEY } from '../document-world-kit';
import { releaseHeld } from '../release-held';
import { partnerAcknowledgeDistribution } from './acknowledge-distribution.core';
import { createDistribution } from './create-distribution.core';
import { getDistribution } from './distribution-reads.core';
import { remindDistributions } from './distribution-reminders';
import {
  consoleCall,
  distributionWorld,
  type DistributionWorld,
  FAR,
  FAR_SITE,
  partnerCall,
} from './distribution-test-kit';

/**
 * A site's copy held for its system's mapping (issue 35) and released once the mapping is
 * published ends as a copy delivered at once: the site can acknowledge it, the sponsor's tracking
 * counts it delivered, the site is told once to acknowledge it, and it is overdue (and reminded)
 * counted from its delivery, not from the distribution.
 */

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = { requestId: 'req-release', by: 'release-held-documents' };

/** Site 104's standard, as a draft (its system has none published) or published. */
const farStandard = (state: 'draft' | 'published', revision: number) =>
  aStandard(
    'std-site-3',
    FAR.org.organisationId,
    [aStandardVersion(1, state, { systemIds: [FAR.sys.systemId], rowsKey: ROWS_KEY.site })],
    { revision },
  );

const tracking = async (w: DistributionWorld, distributionId: string) =>
  (await consoleCall('distributions/get', getDistribution, { distributionId }, WHO.sponsorAdmin, w))
    .distribution;

const eventsOf = (w: DistributionWorld, kind: string) =>
  w.events.events.filter((e) => e.kind === kind).map((e) => e.organisationId);

describe('a distribution’s copy held, then released', () => {
  it('ends as a copy delivered at once: acknowledgeable, counted, told once, overdue from its delivery', async () => {
    const w = await distributionWorld();
    w.registry.seed([{ type: 'standard', record: farStandard('draft', 2) }]);
    const { distribution } = await consoleCall(
      'distributions/create',
      createDistribution,
      { sourceDocumentId: w.source.documentId, overdueDays: 3 },
      WHO.sponsorAdmin,
      w,
    );
    const id = distribution.distributionId;
    expect(distribution.sites.find((s) => s.siteNumber === '104')?.state).toBe('held');
    expect(distribution.counts).toMatchObject({ delivered: 2, overdue: 0 });
    expect(eventsOf(w, 'distribution.to-acknowledge').sort()).toEqual(['org-site', 'org-site-2']);

    // Two days on, site 104's standard is published and the release job delivers its copy.
    w.clock.advance(2 * DAY);
    w.registry.seed([{ type: 'standard', record: farStandard('published', 3) }]);
    expect(await releaseHeld(null, w.deps, ORIGIN)).toHaveLength(1);
    expect(await releaseHeld(null, w.deps, ORIGIN)).toHaveLength(0);
    const released = await tracking(w, id);
    expect(released.sites.find((s) => s.siteNumber === '104')).toMatchObject({
      state: 'delivered',
      deliveredAt: w.clock.now().toISOString(),
      overdue: false,
    });
    expect(released.counts).toMatchObject({ delivered: 3, acknowledged: 0, overdue: 0 });
    // Told once, as a copy delivered at once is (the same key: the pass adds none).
    await remindDistributions(w.deps);
    expect(eventsOf(w, 'distribution.to-acknowledge').sort()).toEqual([
      'org-site',
      'org-site-2',
      'org-site-3',
    ]);

    // The distribution's due date passes: the two sites delivered at once are overdue and
    // reminded; site 104, delivered two days late, has its three days from its delivery.
    w.clock.advance(1 * DAY + 60_000);
    await remindDistributions(w.deps);
    expect(eventsOf(w, 'distribution.overdue').sort()).toEqual(['org-site', 'org-site-2']);
    const due = await tracking(w, id);
    expect(due.sites.find((s) => s.siteNumber === '104')).toMatchObject({
      state: 'delivered',
      overdue: false,
    });
    expect(due.counts).toMatchObject({ delivered: 3, overdue: 2 });
    w.clock.advance(2 * DAY);
    await remindDistributions(w.deps);
    expect(eventsOf(w, 'distribution.overdue').filter((o) => o === 'org-site-3')).toHaveLength(1);

    // The site acknowledges it as any: the sponsor told once.
    const { distribution: mine } = await partnerCall(
      'partner-acknowledge-distribution',
      partnerAcknowledgeDistribution,
      { distributionId: id },
      FAR_SITE,
      w,
    );
    expect(mine.sites.map((s) => s.state)).toEqual(['acknowledged']);
    expect(eventsOf(w, 'distribution.acknowledged')).toEqual(['org-sponsor']);
  });
});
