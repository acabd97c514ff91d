import { partnerRoutes } from '@ccsc/contract/partner-api';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../core/ports/documents';
import type { PartnerContext } from '../../core/request';
import { WHO } from '../../core/testing/connection-test-network';
import { changeDocument } from '../document-writes';
import { OTHER_SITE, pdf, sendWhole, SITE, SPONSOR } from '../document-world-kit';
import { systemWho } from '../exchange.core';
import { acknowledgeDocument } from '../exchange-receiving';
import {
  acknowledgeDistribution,
  partnerAcknowledgeDistribution,
} from './acknowledge-distribution.core';
import { createDistribution } from './create-distribution.core';
import { remindDistributions } from './distribution-reminders';
import {
  consoleCall,
  distributionWorld,
  type DistributionWorld,
  FAR_SITE,
  partnerCall,
} from './distribution-test-kit';

/**
 * The distributions' events (issue 35): each delivered site told to acknowledge, the sponsor told
 * of each acknowledgement, each reminder the site's `distribution.overdue` — each once, also when
 * a fan-out cut short in the middle of its copies is finished by the reminders' pass.
 */

const DAY = 24 * 60 * 60 * 1000;

const create = (w: DistributionWorld) =>
  consoleCall(
    'distributions/create',
    createDistribution,
    { sourceDocumentId: w.source.documentId, overdueDays: 3 },
    WHO.sponsorAdmin,
    w,
  );

const eventsOf = (w: DistributionWorld, kind: string) =>
  w.events.events
    .filter((e) => e.kind === kind)
    .map((e) => [e.organisationId, e.counterpart?.organisationId])
    .sort((a, b) => (String(a) < String(b) ? -1 : 1));

describe('a distribution’s events', () => {
  it('tells each delivered site to acknowledge, once, and the sponsor of each acknowledgement', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    expect(eventsOf(w, 'distribution.to-acknowledge')).toEqual([
      ['org-site', 'org-sponsor'],
      ['org-site-2', 'org-sponsor'],
      ['org-site-3', 'org-sponsor'],
    ]);
    const told = w.events.events.find((e) => e.organisationId === 'org-site');
    expect(told?.subject).toEqual({
      type: 'distribution',
      id: distribution.distributionId,
      name: 'IND safety report 7',
    });
    expect(told?.counterpart?.name).toBe('Acme Pharma');

    const id = { distributionId: distribution.distributionId };
    // The source's own site in the console; a copy's site through the partner API, twice.
    await consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.siteAdmin, w);
    await consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.siteAdmin, w);
    for (let i = 0; i < 2; i += 1) {
      await partnerCall(
        'partner-acknowledge-distribution',
        partnerAcknowledgeDistribution,
        id,
        OTHER_SITE,
        w,
      );
    }
    expect(eventsOf(w, 'distribution.acknowledged')).toEqual([
      ['org-sponsor', 'org-site'],
      ['org-sponsor', 'org-site-2'],
    ]);
    expect(eventsOf(w, 'distribution.to-acknowledge')).toHaveLength(3);
  });

  it('tells the sponsor at once of a copy acknowledged through the document’s own call, once, and closes with the last site', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    const id = { distributionId: distribution.distributionId };
    const copyOf = (siteNumber: string) =>
      distribution.sites.find((x) => x.siteNumber === siteNumber)?.documentId ?? '';
    const acknowledgeDocumentAs = (documentId: string, ctx: PartnerContext) =>
      acknowledgeDocument(
        partnerRoutes['partner-acknowledge-document'].request.parse({ documentId }),
        ctx,
        w.deps,
      );
    // The source's own site through the distribution; site 102's copy through the document.
    await consoleCall('distributions/acknowledge', acknowledgeDistribution, id, WHO.siteAdmin, w);
    await acknowledgeDocumentAs(copyOf('102'), OTHER_SITE);
    expect(eventsOf(w, 'distribution.acknowledged')).toEqual([
      ['org-sponsor', 'org-site'],
      ['org-sponsor', 'org-site-2'],
    ]);
    expect(w.distributions.records.get(id.distributionId)?.closed).toBe(false);
    // Site 104's by the document's journaled change (the call's write), then the call again.
    const copy = await w.documents.get(copyOf('104'));
    if (copy === null) throw new Error('no copy');
    expect(await changeDocument(w.deps.writes, copy, 'acknowledge', systemWho(FAR_SITE))).toBe(
      true,
    );
    expect(eventsOf(w, 'distribution.acknowledged')).toHaveLength(3);
    await acknowledgeDocumentAs(copy.documentId, FAR_SITE);
    expect(w.distributions.records.get(id.distributionId)?.closed).toBe(true);
    // The pass (and the distribution's own call) tell none again.
    await remindDistributions(w.deps);
    await partnerCall(
      'partner-acknowledge-distribution',
      partnerAcknowledgeDistribution,
      id,
      FAR_SITE,
      w,
    );
    expect(eventsOf(w, 'distribution.acknowledged')).toEqual([
      ['org-sponsor', 'org-site'],
      ['org-sponsor', 'org-site-2'],
      ['org-sponsor', 'org-site-3'],
    ]);
  });

  it('tells nothing of a document whose sender chose a key of a copy’s form: it is no copy', async () => {
    const w = await distributionWorld();
    const { distribution } = await create(w);
    const forged = await sendWhole(
      w,
      pdf('not a safety letter'),
      {
        idempotencyKey: `distribution:${distribution.distributionId}:conn-1`,
        typeCode: 'TMF-CV',
        title: 'Not a safety letter',
      },
      SPONSOR,
    );
    expect(forged.state).toBe('delivered');
    await acknowledgeDocument(
      partnerRoutes['partner-acknowledge-document'].request.parse({
        documentId: forged.documentId,
      }),
      SITE,
      w.deps,
    );
    expect(eventsOf(w, 'distribution.acknowledged')).toEqual([]);
  });

  it('a fan-out cut short in the middle of its copies is finished by the pass: each copy, event and audit record once', async () => {
    const w = await distributionWorld();
    const createMany = w.documents.createMany.bind(w.documents);
    // The request stops after writing the first copy (as if its Lambda were stopped).
    w.documents.createMany = async (records: readonly DocumentRecord[]) => {
      await createMany(records.slice(0, 1));
      throw new Error('Task timed out');
    };
    await expect(create(w)).rejects.toThrow('Task timed out');
    w.documents.createMany = createMany;
    const [stored] = [...w.distributions.records.values()];
    expect(stored?.complete).toBe(false);
    expect(w.events.events).toEqual([]);
    const before = w.documents.records.size;

    // The pass leaves a distribution its request may still be fanning out…
    expect((await remindDistributions(w.deps)).finished).toBe(0);
    // …and finishes one left a while.
    w.clock.advance(10 * 60 * 1000);
    expect((await remindDistributions(w.deps)).finished).toBe(1);
    expect((await remindDistributions(w.deps)).finished).toBe(0);
    const done = w.distributions.records.get(stored?.distributionId ?? '');
    expect(done?.complete).toBe(true);
    // One copy was made before the stop, one after: two in all (the third site has the source).
    expect(w.documents.records.size).toBe(before + 1);
    const copies = await w.documents.getMany(done?.targets.map((t) => t.documentId ?? '') ?? []);
    expect(copies.map((c) => c.state)).toEqual(['delivered', 'delivered', 'delivered']);
    for (const system of ['sys-site-2', 'sys-site-3']) {
      expect(w.documents.inboxes.get(system)).toHaveLength(1);
    }
    expect(eventsOf(w, 'distribution.to-acknowledge')).toHaveLength(3);
    expect(w.audit.entries.filter((e) => e.action === 'distribution.created')).toHaveLength(1);
  });

  it('reminds an overdue site through the events: once a reminder, also one cut short', async () => {
    const w = await distributionWorld();
    await create(w);
    w.clock.advance(3 * DAY);
    expect((await remindDistributions(w.deps)).reminded).toBe(3);
    expect((await remindDistributions(w.deps)).reminded).toBe(0);
    expect(eventsOf(w, 'distribution.overdue')).toEqual([
      ['org-site', 'org-sponsor'],
      ['org-site-2', 'org-sponsor'],
      ['org-site-3', 'org-sponsor'],
    ]);
    // Audited once a reminder too (what the system did).
    expect(w.audit.entries.filter((e) => e.action === 'distribution.reminder-due')).toHaveLength(3);
    // A reminder recorded but cut short before its event and audit: finished once by the next pass.
    w.clock.advance(3 * DAY);
    const record = [...w.distributions.records.values()][0];
    if (record === undefined) throw new Error('no distribution');
    const at = w.clock.now().toISOString();
    w.distributions.records.set(record.distributionId, {
      ...record,
      revision: record.revision + 1,
      targets: record.targets.map((t, i) =>
        i === 2 ? { ...t, reminders: [...t.reminders, { at, audited: false }] } : t,
      ),
    });
    expect((await remindDistributions(w.deps)).reminded).toBe(2);
    expect(eventsOf(w, 'distribution.overdue')).toHaveLength(6);
    expect(w.audit.entries.filter((e) => e.action === 'distribution.reminder-due')).toHaveLength(6);
  });
});
