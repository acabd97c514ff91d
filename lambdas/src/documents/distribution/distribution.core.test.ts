import { readCsv } from '@ccsc/formats/read-csv';
import { describe, expect, it } from 'vitest';
import { WHO } from '../../core/testing/connection-test-network';
import { OTHER_SITE, SITE, SPONSOR } from '../document-world-kit';
import {
  acknowledgeDistribution,
  partnerAcknowledgeDistribution,
} from './acknowledge-distribution.core';
import { createDistribution, partnerCreateDistribution } from './create-distribution.core';
import {
  exportDistribution,
  getDistribution,
  listDistributions,
  partnerListDistributions,
  partnerSentDistributions,
} from './distribution-reads.core';
import { remindDistributions } from './distribution-reminders';
import {
  consoleCall,
  distributionWorld,
  type DistributionWorld,
  FAR_SITE,
  partnerCall,
} from './distribution-test-kit';

const DAY = 24 * 60 * 60 * 1000;

const create = (w: DistributionWorld, more: { connectionIds?: string[] } = {}) =>
  consoleCall(
    'distributions/create',
    createDistribution,
    { sourceDocumentId: w.source.documentId, overdueDays: 3, ...more },
    WHO.sponsorAdmin,
    w,
  );

const actions = (w: DistributionWorld, prefix: string) =>
  w.audit.entries.filter((e) => e.action.startsWith(prefix)).map((e) => e.action);

describe('a safety letter to a study’s sites', () => {
  it('delivers one copy per active site, the file kept once, audited once', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    expect(distribution.sites.map((s) => [s.siteNumber, s.state])).toEqual([
      ['101', 'delivered'],
      ['102', 'delivered'],
      ['104', 'delivered'],
    ]);
    const copies = await w.documents.getMany(distribution.sites.map((s) => s.documentId ?? ''));
    // The file is the source's: one object, three records naming it.
    const source = await w.documents.get(w.source.documentId);
    expect(new Set(copies.map((c) => c.objectKey))).toEqual(new Set([source?.objectKey]));
    expect(copies.map((c) => c.receiverSystemId)).toEqual(['sys-site', 'sys-site-2', 'sys-site-3']);
    expect(
      copies.every((c) => c.inboxSeq !== null && c.classification?.receiver?.typeCode === 'CV'),
    ).toBe(true);
    expect(actions(w, 'distribution.')).toEqual(['distribution.created']);
    expect(distribution.counts).toEqual({ sites: 3, delivered: 3, acknowledged: 0, overdue: 0 });
  });

  it('goes to the chosen connections only', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w, { connectionIds: ['conn-5'] });
    expect(distribution.sites.map((s) => s.siteNumber)).toEqual(['104']);
  });

  it('refuses what is not the sponsor’s to send, or a connection that cannot receive', async () => {
    const w = await distributionWorld();
    const body = { sourceDocumentId: w.source.documentId, overdueDays: 3 };
    await expect(
      consoleCall('distributions/create', createDistribution, body, WHO.siteAdmin, w),
    ).rejects.toThrow('No document with that id was sent by the sponsor');
    await expect(
      consoleCall('distributions/create', createDistribution, body, WHO.otherSponsorAdmin, w),
    ).rejects.toThrow('No document with that id');
    await expect(create(w, { connectionIds: ['conn-3'] })).rejects.toThrow(
      'A chosen connection cannot receive this distribution',
    );
    await expect(
      consoleCall(
        'distributions/create',
        createDistribution,
        { ...body, overdueDays: 0 },
        WHO.sponsorAdmin,
        w,
      ),
    ).rejects.toThrow('overdueDays must be at least 1');
    expect(w.distributions.records.size).toBe(0);
  });

  it('a sponsor system distributes through the partner API; a site system cannot', async () => {
    const w = await distributionWorld();
    const body = { sourceDocumentId: w.source.documentId, overdueDays: 5 };
    const { distribution } = await partnerCall(
      'partner-create-distribution',
      partnerCreateDistribution,
      body,
      SPONSOR,
      w,
    );
    expect(distribution.createdBy).toBe('system:sys-sponsor');
    expect(distribution.counts.sites).toBe(3);
    await expect(
      partnerCall('partner-create-distribution', partnerCreateDistribution, body, SITE, w),
    ).rejects.toThrow('No document with that id');
  });
});

describe('acknowledging, tracking, reminding, exporting', () => {
  it('two sites acknowledge, the third is overdue and reminded once, the CSV says who and when', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    const id = { distributionId: distribution.distributionId };

    // The site's OrgAdmin in the console; the other site's system through the partner API.
    w.clock.advance(60 * 60 * 1000);
    const bySite = await consoleCall(
      'distributions/acknowledge',
      acknowledgeDistribution,
      id,
      WHO.siteAdmin,
      w,
    );
    expect(bySite.distribution.sites.map((s) => [s.siteNumber, s.state, s.acknowledgedBy])).toEqual(
      [['101', 'acknowledged', 'site@example.com']],
    );
    const listed = await partnerCall(
      'partner-list-distributions',
      partnerListDistributions,
      {},
      OTHER_SITE,
      w,
    );
    expect(listed.distributions.map((d) => d.sites.map((s) => s.siteNumber))).toEqual([['102']]);
    await partnerCall(
      'partner-acknowledge-distribution',
      partnerAcknowledgeDistribution,
      id,
      OTHER_SITE,
      w,
    );
    // Again: the same answer, nothing written twice.
    await partnerCall(
      'partner-acknowledge-distribution',
      partnerAcknowledgeDistribution,
      id,
      OTHER_SITE,
      w,
    );
    // Two copies, one record each (in the sender's trail and the receiver's).
    expect(actions(w, 'document.acknowledged')).toHaveLength(2);

    // Before the due date: no reminder.
    expect(await remindDistributions(w.deps)).toEqual({ finished: 0, reminded: 0, closed: 0 });
    w.clock.advance(3 * DAY);
    expect(await remindDistributions(w.deps)).toEqual({ finished: 0, reminded: 1, closed: 0 });
    // The next pass the same day: none again.
    expect((await remindDistributions(w.deps)).reminded).toBe(0);
    const reminders = w.audit.entries.filter((e) => e.action === 'distribution.reminder-due');
    expect(reminders.map((e) => [e.organisationId, e.after?.siteNumber])).toEqual([
      ['org-site-3', '104'],
    ]);

    const { distribution: tracked } = await consoleCall(
      'distributions/get',
      getDistribution,
      id,
      WHO.sponsorAdmin,
      w,
    );
    expect(
      tracked.sites.map((s) => [s.siteNumber, s.state, s.acknowledgedBy, s.reminders.length]),
    ).toEqual([
      ['101', 'acknowledged', 'site@example.com', 0],
      ['102', 'acknowledged', 'system:sys-site-2', 0],
      ['104', 'overdue', null, 1],
    ]);
    expect(tracked.counts).toEqual({ sites: 3, delivered: 3, acknowledged: 2, overdue: 1 });

    const link = await consoleCall(
      'distributions/export',
      exportDistribution,
      id,
      WHO.sponsorAdmin,
      w,
    );
    expect(link.rows).toBe(3);
    const csv = readCsv(w.exports.files.at(-1)?.bytes.toString('utf8') ?? '').records;
    expect(csv.slice(1).map(({ cells: r }) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ['101', 'Charité Berlin', '2025-03-12T10:00:00.000Z', 'site@example.com', 'no', '0'],
      ['102', "St. Mary's Hospital", '2025-03-12T10:00:00.000Z', 'system:sys-site-2', 'no', '0'],
      ['104', 'Klinikum Ankara', '', '', 'yes', '1'],
    ]);
    expect(actions(w, 'distribution.export')).toEqual(['distribution.export']);

    // The third acknowledges late: closed, the pass passes it over from then on.
    await partnerCall(
      'partner-acknowledge-distribution',
      partnerAcknowledgeDistribution,
      id,
      FAR_SITE,
      w,
    );
    expect(w.distributions.records.get(distribution.distributionId)?.closed).toBe(true);
    w.clock.advance(10 * DAY);
    expect(await remindDistributions(w.deps)).toEqual({ finished: 0, reminded: 0, closed: 0 });
  });

  it('each side sees what is its own; outside reach is not found', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    const id = { distributionId: distribution.distributionId };
    const seen = async (who: keyof typeof WHO) =>
      (
        await consoleCall('distributions/get', getDistribution, id, WHO[who], w)
      ).distribution.sites.map((s) => s.siteNumber);
    expect(await seen('sponsorAdmin')).toEqual(['101', '102', '104']);
    expect(await seen('platformAdmin')).toEqual(['101', '102', '104']);
    expect(await seen('auditorAll')).toEqual(['101', '102', '104']);
    expect(await seen('siteAdmin')).toEqual(['101']);
    expect(await seen('siteAuditor')).toEqual(['101']);
    await expect(seen('unrelatedAdmin')).rejects.toThrow('No distribution with that id');
    await expect(seen('otherSponsorAdmin')).rejects.toThrow('No distribution with that id');
    // Only a site acknowledges: not the sponsor, not an Auditor, not a stranger.
    await expect(
      consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.sponsorAdmin, w),
    ).rejects.toThrow('your organisation sent this one');
    await expect(
      consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.siteAuditor, w),
    ).rejects.toThrow('Only the site’s OrgAdmin');
    await expect(
      consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.platformAdmin, w),
    ).rejects.toThrow('Only the site’s OrgAdmin');
    await expect(
      consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.unrelatedAdmin, w),
    ).rejects.toThrow('No distribution with that id');
    await expect(
      partnerCall(
        'partner-acknowledge-distribution',
        partnerAcknowledgeDistribution,
        id,
        SPONSOR,
        w,
      ),
    ).rejects.toThrow('No distribution with that id was delivered to the calling system');
    expect(actions(w, 'document.acknowledged')).toEqual([]);

    const lists = async (who: keyof typeof WHO) =>
      (
        await consoleCall('distributions/list', listDistributions, {}, WHO[who], w)
      ).distributions.map((d) => d.counts.sites);
    expect(await lists('sponsorAdmin')).toEqual([3]);
    expect(await lists('siteAdmin')).toEqual([1]);
    expect(await lists('unrelatedAdmin')).toEqual([]);
    const sent = await partnerCall(
      'partner-sent-distributions',
      partnerSentDistributions,
      {},
      SPONSOR,
      w,
    );
    expect(sent.distributions.map((d) => d.sites.length)).toEqual([3]);
    expect(
      (await partnerCall('partner-sent-distributions', partnerSentDistributions, {}, SITE, w))
        .distributions,
    ).toEqual([]);
  });

  it('a fan-out cut short is finished by the pass, each copy once, the audit record once', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    const stored = w.distributions.records.get(distribution.distributionId);
    if (stored === undefined) throw new Error('not stored');
    // As if the request stopped after the first copy, before its record and audit were written.
    w.distributions.records.set(stored.distributionId, {
      ...stored,
      complete: false,
      targets: stored.targets.map((t, i) => (i === 0 ? t : { ...t, documentId: null })),
    });
    const before = w.documents.records.size;
    w.clock.advance(10 * 60 * 1000);
    expect((await remindDistributions(w.deps)).finished).toBe(1);
    const after = w.distributions.records.get(stored.distributionId);
    expect(after?.targets.map((t) => t.documentId)).toEqual(
      stored.targets.map((t) => t.documentId),
    );
    expect(w.documents.records.size).toBe(before);
    expect(actions(w, 'distribution.created')).toEqual(['distribution.created']);
  });
});
