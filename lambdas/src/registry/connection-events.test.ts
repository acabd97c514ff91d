import { describe, expect, it } from 'vitest';
import {
  acceptConnection,
  declineConnection,
  endConnection,
  suspendConnection,
} from './connection-steps.core';
import { inviteSite } from './invite-site.core';
import {
  connection,
  countUses,
  network,
  ORG,
  STUDY,
  SYS,
  WHO,
} from '../core/testing/connection-test-network';

/** Issue 35: a connection's facts reach the other parties as events, once per write. */
const invited = () => {
  const record = connection('conn-1', STUDY.main, ORG.site.organisationId, {
    status: 'invited',
    siteSystemId: null,
    revision: 1,
  });
  const net = network([{ type: 'connection', record }]);
  countUses(net.registry, [record]);
  return net;
};
const kindsAndRecipients = (net: ReturnType<typeof network>) =>
  net.writes.events.events.map((e) => [e.kind, e.organisationId, e.counterpart?.organisationId]);

describe('connection events', () => {
  it('tells the site (and the CRO) of an invitation by the sponsor', async () => {
    const net = network();
    await inviteSite(
      {
        studyId: STUDY.main.studyId,
        siteOrganisationId: ORG.site.organisationId,
        siteNumber: '101',
        country: 'DE',
        principalInvestigator: 'Dr. Jana Müller',
        sponsorSystemId: SYS.sponsor.systemId,
      },
      WHO.sponsorAdmin,
      net.deps,
    );
    expect(kindsAndRecipients(net)).toEqual([
      ['connection.invited', ORG.cro.organisationId, ORG.site.organisationId],
      ['connection.invited', ORG.site.organisationId, ORG.sponsor.organisationId],
    ]);
    expect(net.writes.events.events[1]?.subject).toEqual({
      type: 'connection',
      id: 'id-2',
      name: 'ABC-001 · Charité Berlin',
    });
  });

  it('tells the sponsor and the CRO of an acceptance or a declining by the site', async () => {
    const accepted = invited();
    await acceptConnection(
      { connectionId: 'conn-1', revision: 1, siteSystemId: SYS.site.systemId },
      WHO.siteAdmin,
      accepted.deps,
    );
    expect(kindsAndRecipients(accepted)).toEqual([
      ['connection.accepted', ORG.sponsor.organisationId, ORG.site.organisationId],
      ['connection.accepted', ORG.cro.organisationId, ORG.site.organisationId],
    ]);
    const declined = invited();
    await declineConnection(
      { connectionId: 'conn-1', revision: 1, reason: 'No capacity' },
      WHO.siteAdmin,
      declined.deps,
    );
    expect(declined.writes.events.events.map((e) => [e.kind, e.reason])).toEqual([
      ['connection.declined', 'No capacity'],
      ['connection.declined', 'No capacity'],
    ]);
  });

  it('tells every party of a PlatformAdmin’s ending, and nobody of a suspension', async () => {
    const net = invited();
    await acceptConnection(
      { connectionId: 'conn-1', revision: 1, siteSystemId: SYS.site.systemId },
      WHO.siteAdmin,
      net.deps,
    );
    await suspendConnection({ connectionId: 'conn-1', revision: 2 }, WHO.sponsorAdmin, net.deps);
    expect(net.writes.events.events).toHaveLength(2);
    await endConnection({ connectionId: 'conn-1', revision: 3 }, WHO.platformAdmin, net.deps);
    expect(kindsAndRecipients(net).slice(2)).toEqual([
      ['connection.ended', ORG.sponsor.organisationId, ORG.site.organisationId],
      ['connection.ended', ORG.cro.organisationId, ORG.site.organisationId],
      ['connection.ended', ORG.site.organisationId, ORG.sponsor.organisationId],
    ]);
  });

  it('emits nothing for a refused step', async () => {
    const net = invited();
    await expect(
      acceptConnection(
        { connectionId: 'conn-1', revision: 1, siteSystemId: SYS.site.systemId },
        WHO.sponsorAdmin,
        net.deps,
      ),
    ).rejects.toThrow();
    expect(net.writes.events.events).toEqual([]);
  });
});
