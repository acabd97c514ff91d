import { describe, expect, it } from 'vitest';
import { connection, network, ORG, STUDY } from '../core/testing/connection-test-network';
import { publishStandard } from './publish-standard.core';
import { publishedEvents } from './standard-events';
import { createStandard } from './write-standards.core';
import { create, orgAdmin, publishInput, setup } from './standards-test-kit';

/** Issue 35: a standard published is news to the organisations connected with its publisher. */
describe('standard.published events', () => {
  it('go to every organisation with an open connection to the publisher, not to ended ones', async () => {
    const { registry } = network([
      {
        type: 'connection',
        record: connection('c1', STUDY.main, ORG.site.organisationId, { status: 'active' }),
      },
      {
        type: 'connection',
        record: connection('c2', STUDY.main, ORG.unrelatedSite.organisationId, {
          status: 'ended',
          siteNumber: '102',
        }),
      },
    ]);
    const snapshot = await registry.snapshot();
    const events = publishedEvents(
      { standardId: 's1', organisationId: ORG.site.organisationId },
      { name: 'eISF', version: 3 },
      snapshot,
    );
    expect(events.map((e) => e.organisationId).sort()).toEqual(
      [ORG.sponsor.organisationId, ORG.cro.organisationId].sort(),
    );
    expect(events[0]).toMatchObject({
      kind: 'standard.published',
      subject: { type: 'standard', id: 's1', name: 'eISF v3' },
      counterpart: { organisationId: ORG.site.organisationId, name: 'Charité Berlin' },
    });
    const fromSponsor = publishedEvents(
      { standardId: 's2', organisationId: ORG.sponsor.organisationId },
      { name: 'eTMF', version: 1 },
      snapshot,
    );
    expect(fromSponsor.map((e) => e.organisationId).sort()).toEqual(
      [ORG.cro.organisationId, ORG.site.organisationId].sort(),
    );
  });

  it('are emitted by publishing, once, to the connected sponsor side', async () => {
    const { deps, registry, writes } = setup();
    registry.seed([
      { type: 'connection', record: connection('c1', STUDY.main, 'SITE', { status: 'active' }) },
    ]);
    const created = await createStandard(create(), orgAdmin, deps);
    expect(writes.events.events).toEqual([]);
    const id = created.standard.standardId;
    await publishStandard(publishInput(id, 1, created.revision), orgAdmin, deps);
    expect(writes.events.events.map((e) => [e.kind, e.organisationId]).sort()).toEqual(
      [
        ['standard.published', ORG.cro.organisationId],
        ['standard.published', ORG.sponsor.organisationId],
      ].sort(),
    );
  });
});
