import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Network, ok, type Org, registryCall, type Sys } from '../support/registry';
import { connectedNetwork, seesIn, type Who, whoIn } from './registry-organisations-kit';

/**
 * Organisations and their systems through the running console (issue 14): what each role and
 * organisation may read, and the lists' filters and paging. Changes, CSV import and export and
 * the audit trail are in registry-organisations.test.ts.
 */

const c = inject('console');

describe('organisations and systems', () => {
  let n: Network;
  const who = (w: Who) => whoIn(n, w);

  beforeAll(async () => {
    // the connection is what shows the site to the sponsor (and the sponsor to the site)
    ({ n } = await connectedNetwork(c));
  }, 120_000);

  const sees = (w: Who, organisationId: string) => seesIn(c, n, w, organisationId);

  it('each role sees its own organisation, those its connections show, and no other', async () => {
    const table: [Who, keyof Network, number][] = [
      ['admin', 'site', 200],
      ['admin', 'otherSponsor', 200],
      ['auditorAll', 'otherSite', 200],
      ['sponsorAdmin', 'sponsor', 200],
      ['sponsorAdmin', 'site', 200], // invited: shown by the connection
      ['sponsorAdmin', 'otherSite', 404],
      ['sponsorAdmin', 'otherSponsor', 404],
      ['siteAdmin', 'sponsor', 200],
      ['siteAdmin', 'otherSponsor', 404],
      ['siteAuditor', 'site', 200],
      ['siteAuditor', 'sponsor', 200],
      ['siteAuditor', 'otherSite', 404],
      ['otherSiteAdmin', 'site', 404],
      ['otherSponsorAdmin', 'sponsor', 404],
      ['croAdmin', 'site', 404], // the CRO does not act on this study
    ];
    for (const [w, org, status] of table) {
      const id = (n[org] as Org).organisationId;
      expect(await sees(w, id), `${w} → ${org}`).toBe(status);
    }
    // A made-up id answers exactly like one out of sight.
    const missing = await registryCall(c, n.people.siteAdmin, 'get-organisation', {
      organisationId: 'no-such-organisation',
    });
    const hidden = await registryCall(c, n.people.siteAdmin, 'get-organisation', {
      organisationId: n.otherSite.organisationId,
    });
    expect(missing.status).toBe(404);
    expect(hidden.body.error).toEqual(missing.body.error);
  });

  it('the lists show each caller what it may see', async () => {
    const sites = async (w: Who) =>
      (
        await ok<{ organisations: Org[] }>(
          c,
          who(w),
          `getSiteOrgList?search=${encodeURIComponent(n.tag)}&limit=100`,
          undefined,
          'GET',
        )
      ).organisations.map((o) => o.organisationId);
    expect(await sites('admin')).toEqual(
      expect.arrayContaining([n.site.organisationId, n.otherSite.organisationId]),
    );
    expect(await sites('sponsorAdmin')).toEqual([n.site.organisationId]);
    expect(await sites('otherSiteAdmin')).toEqual([n.otherSite.organisationId]);
    const sponsors = (
      await ok<{ organisations: Org[] }>(
        c,
        n.people.siteAdmin,
        `getSponsorList?search=${encodeURIComponent(n.tag)}`,
        undefined,
        'GET',
      )
    ).organisations.map((o) => o.organisationId);
    expect(sponsors).toEqual([n.sponsor.organisationId]);
    const systems = (
      await ok<{ systems: Sys[] }>(
        c,
        n.people.sponsorAdmin,
        `getOrgSysList?organisationId=${n.sponsor.organisationId}`,
        undefined,
        'GET',
      )
    ).systems.map((s) => s.systemId);
    expect(systems).toEqual([n.sponsorSystem.systemId]);
    // Another organisation's systems are out of sight unless a connection uses them.
    const foreign = await ok<{ systems: Sys[] }>(
      c,
      n.people.sponsorAdmin,
      `getOrgSysList?organisationId=${n.otherSite.organisationId}`,
      undefined,
      'GET',
    );
    expect(foreign.systems).toEqual([]);
  });

  it('filters, searches and pages the organisation list with a cursor', async () => {
    const first = await ok<{ organisations: Org[]; total: number; nextCursor: string | null }>(
      c,
      n.admin,
      'list-organisations',
      { search: n.tag.split(' ')[1], limit: 2 },
    );
    expect(first.total).toBe(5);
    expect(first.organisations).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const rest = await ok<{ organisations: Org[]; nextCursor: string | null }>(
      c,
      n.admin,
      'list-organisations',
      { search: n.tag.split(' ')[1], limit: 2, cursor: first.nextCursor },
    );
    expect(rest.organisations.map((o) => o.organisationId)).not.toContain(
      first.organisations[0]?.organisationId,
    );
    const cros = await ok<{ organisations: Org[] }>(c, n.admin, 'list-organisations', {
      search: n.tag.split(' ')[1],
      kind: 'cro',
    });
    expect(cros.organisations.map((o) => o.organisationId)).toEqual([n.cro.organisationId]);
    const french = await ok<{ organisations: Org[] }>(c, n.admin, 'list-organisations', {
      search: n.tag.split(' ')[1],
      country: 'fr',
    });
    expect(french.organisations.map((o) => o.organisationId)).toEqual([n.otherSite.organisationId]);
    // A cursor belongs to its query.
    const misuse = await registryCall(c, n.admin, 'list-organisations', {
      kind: 'site',
      cursor: first.nextCursor,
    });
    expect(misuse.status).toBe(400);
  });
});
