import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { getOrganisation } from './get-organisation.core';
import { as, connectionRecord, network, T2, type Who } from './organisation-test-network';

describe('get-organisation', () => {
  it('answers each role what it may see, and 404 alike for out of sight and missing', async () => {
    const { deps } = network();
    const table: [Who, string, boolean][] = [
      ['admin', 'D', true],
      ['auditorAll', 'O', true],
      ['sponsorAdmin', 'S', true],
      ['sponsorAdmin', 'A', true],
      ['sponsorAdmin', 'B', true], // an ended connection still shows it
      ['sponsorAdmin', 'D', false],
      ['sponsorAdmin', 'O', false],
      ['croAuditor', 'A', true],
      ['siteAdmin', 'S', true],
      ['siteAdmin', 'C', true],
      ['siteAdmin', 'B', false],
      ['siteAuditor', 'A', true],
      ['siteAuditor', 'O', false],
      ['otherSiteAdmin', 'D', true],
      ['otherSiteAdmin', 'A', false],
      ['noOrganisationAdmin', 'A', false],
    ];
    for (const [who, organisationId, sees] of table) {
      const answer = getOrganisation({ organisationId }, as(who), deps);
      if (sees) await expect(answer, `${who} → ${organisationId}`).resolves.toBeTruthy();
      else {
        await expect(answer, `${who} → ${organisationId}`).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: 'The organisation does not exist.',
        });
      }
    }
    await expect(
      getOrganisation({ organisationId: 'nope' }, as('admin'), deps),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'The organisation does not exist.',
    });
  });

  it('gives the systems, studies and connections the caller sees, connections newest first', async () => {
    const { deps } = network();
    const all = await getOrganisation({ organisationId: 'S' }, as('admin'), deps);
    expect(routes['get-organisation'].response.safeParse(all).success).toBe(true);
    expect(all.systems.map((s) => s.systemId)).toEqual(['s1']);
    expect(all.studies.map((s) => s.studyId)).toEqual(['T1', 'T2']);
    expect(all.connections.map((c) => c.connectionId)).toEqual(['c2', 'c1']);
    expect(all.connectionTotal).toBe(2);
    expect(all.connections[1]).toMatchObject({
      siteName: 'Charité Berlin',
      sponsorName: 'Acme Pharma',
      protocolNumber: 'PROT-T1',
      siteSystemName: 'Florence eBinders',
    });

    // The site sees the sponsor, but only its own connection and the study it is part of.
    const fromSite = await getOrganisation({ organisationId: 'S' }, as('siteAdmin'), deps);
    expect(fromSite.systems.map((s) => s.systemId)).toEqual(['s1']);
    expect(fromSite.studies.map((s) => s.studyId)).toEqual(['T1']);
    expect(fromSite.connections.map((c) => c.connectionId)).toEqual(['c1']);
    expect(fromSite.connectionTotal).toBe(1);

    // The sponsor sees the site's system its connection uses, not the site's others.
    const site = await getOrganisation({ organisationId: 'A' }, as('sponsorAdmin'), deps);
    expect(site.systems.map((s) => s.systemId)).toEqual(['a1']);
    const own = await getOrganisation({ organisationId: 'A' }, as('siteAuditor'), deps);
    expect(own.systems.map((s) => s.systemId)).toEqual(['a2', 'a1']);
  });

  it('gives the first 50 connections and the total', async () => {
    const more = Array.from({ length: 60 }, (_, i) => ({
      type: 'connection' as const,
      record: connectionRecord(
        `m${String(i).padStart(2, '0')}`,
        T2,
        'D',
        `2${String(i).padStart(2, '0')}`,
        ['s1', null],
        'ended',
        `2025-04-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
      ),
    }));
    const { deps } = network(more);
    const answer = await getOrganisation({ organisationId: 'D' }, as('otherSiteAdmin'), deps);
    expect(answer.connections).toHaveLength(50);
    expect(answer.connectionTotal).toBe(60);
    const times = answer.connections.map((c) => c.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
