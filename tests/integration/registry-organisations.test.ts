import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  must,
  type ConnectionRow,
  type Network,
  ok,
  type Org,
  registryCall,
  type Sys,
} from '../support/registry';
import { connectedNetwork, type Who, whoIn } from './registry-organisations-kit';

/**
 * Organisations and their systems through the running console (issue 14): who may change what,
 * per role and organisation (the table the users feature has), CSV import (every problem listed
 * first, all or nothing) and export, and the audit trail of it all. What each role may read is
 * in registry-organisations-visibility.test.ts.
 */

const c = inject('console');

describe('organisations and systems', () => {
  let n: Network;
  let connection: ConnectionRow;
  const who = (w: Who) => whoIn(n, w);

  beforeAll(async () => {
    ({ n, connection } = await connectedNetwork(c));
  }, 120_000);

  it('who may change an organisation and its systems', async () => {
    const rename = async (w: Who, org: Org) => {
      const current = await ok<{ organisation: Org }>(c, n.admin, 'get-organisation', {
        organisationId: org.organisationId,
      });
      return (
        await registryCall(c, who(w), 'update-organisation', {
          organisationId: org.organisationId,
          revision: current.organisation.revision,
          changes: { contactEmail: `renamed-${w.toLowerCase()}@example.org` },
        })
      ).status;
    };
    expect(await rename('siteAdmin', n.site)).toBe(200);
    expect(await rename('admin', n.site)).toBe(200);
    expect(await rename('sponsorAdmin', n.site)).toBe(403); // sees it, may not change it
    expect(await rename('otherSiteAdmin', n.site)).toBe(404);
    expect(await rename('siteAuditor', n.site)).toBe(403);
    // Kind and status are the PlatformAdmin's.
    const current = await ok<{ organisation: Org }>(c, n.admin, 'get-organisation', {
      organisationId: n.otherSite.organisationId,
    });
    expect(
      (
        await registryCall(c, n.people.otherSiteAdmin, 'update-organisation', {
          organisationId: n.otherSite.organisationId,
          revision: current.organisation.revision,
          changes: { kind: 'sponsor' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await registryCall(c, n.people.otherSiteAdmin, 'deactivate-organisation', {
          organisationId: n.otherSite.organisationId,
          revision: current.organisation.revision,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await registryCall(c, n.people.siteAdmin, 'create-organisation', {
          name: 'Self-made',
          kind: 'site',
          country: 'DE',
        })
      ).status,
    ).toBe(403);

    // Systems: the organisation's own OrgAdmin and the PlatformAdmin.
    const made = await registryCall<{ system: Sys }>(c, n.people.otherSiteAdmin, 'create-system', {
      organisationId: n.otherSite.organisationId,
      name: 'Second eISF',
      kind: 'eisf',
      vendor: 'Florence',
      product: 'eBinders',
      environment: 'validation',
      technicalContactEmail: 'it@example.org',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const foreign = await registryCall(c, n.people.siteAdmin, 'create-system', {
      organisationId: n.otherSite.organisationId,
      name: 'Not yours',
      kind: 'eisf',
      vendor: 'Florence',
      product: 'eBinders',
      environment: 'test',
      technicalContactEmail: 'it@example.org',
    });
    expect(foreign.status).toBe(404);
    const system = must(made.body.data).system;
    const off = await ok<{ system: Sys }>(c, n.people.otherSiteAdmin, 'deactivate-system', {
      systemId: system.systemId,
      revision: system.revision,
    });
    expect(off.system.status).toBe('inactive');
    // An inactive system cannot be chosen for a connection.
    const pending = await registryCall(c, n.people.siteAdmin, 'accept-connection', {
      connectionId: connection.connectionId,
      revision: connection.revision,
      siteSystemId: system.systemId,
    });
    expect(pending.status).not.toBe(200);
  });

  it('names an organisation once per country (409 on the field)', async () => {
    const again = await registryCall(c, n.admin, 'create-organisation', {
      name: n.site.name.toUpperCase(),
      kind: 'site',
      country: 'DE',
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.fields?.[0]?.path).toBe('name');
    const elsewhere = await registryCall(c, n.admin, 'create-organisation', {
      name: n.site.name,
      kind: 'site',
      country: 'AT',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('imports organisations from CSV: every problem first, then all or nothing', async () => {
    const tag = n.tag.split(' ')[1];
    const good = [
      'name,kind,country,contactEmail,identifiers',
      `Klinik Nord ${tag},site,DE,studien@example.org,Site network: KN-1`,
      `"Hôpital Sud, ${tag}",site,FR,,FINESS: 123456789`,
      `Pharma ${tag},sponsor,CH,regulatory@example.org,`,
    ];
    const bad = [...good, `Bad Row ${tag},hospital,XX,not-an-address,`];
    const preview = await ok<{
      rows: number;
      problems: { line: number; column: string | null; message: string }[];
      created: number;
    }>(c, n.admin, 'import-organisations', { csv: bad.join('\r\n'), dryRun: false });
    expect(preview.rows).toBe(4);
    expect(preview.created).toBe(0);
    expect(new Set(preview.problems.map((p) => p.line))).toEqual(new Set([5]));
    expect(preview.problems.map((p) => p.column)).toEqual(
      expect.arrayContaining(['kind', 'country', 'contactEmail']),
    );
    // Nothing of the good rows was saved.
    const none = await ok<{ total: number }>(c, n.admin, 'list-organisations', {
      search: `Klinik Nord ${tag}`,
    });
    expect(none.total).toBe(0);

    const dry = await ok<{ created: number; problems: unknown[] }>(
      c,
      n.admin,
      'import-organisations',
      {
        csv: good.join('\n'),
        dryRun: true,
      },
    );
    expect(dry).toMatchObject({ created: 0, problems: [] });
    const saved = await ok<{ created: number }>(c, n.admin, 'import-organisations', {
      csv: good.join('\n'),
      dryRun: false,
    });
    expect(saved.created).toBe(3);
    const found = await ok<{ organisations: Org[] }>(c, n.admin, 'list-organisations', {
      search: `Hôpital Sud`,
    });
    expect(found.organisations.map((o) => o.name)).toContain(`Hôpital Sud, ${tag}`);
    // The same file again: every row now names an organisation that exists.
    const repeat = await ok<{ created: number; problems: { line: number }[] }>(
      c,
      n.admin,
      'import-organisations',
      { csv: good.join('\n'), dryRun: false },
    );
    expect(repeat.created).toBe(0);
    expect(repeat.problems.map((p) => p.line)).toEqual(expect.arrayContaining([2, 3, 4]));
    // Only a PlatformAdmin imports.
    expect(
      (
        await registryCall(c, n.people.siteAdmin, 'import-organisations', {
          csv: good.join('\n'),
          dryRun: true,
        })
      ).status,
    ).toBe(403);
  });

  it('imports systems by organisation id or exact name', async () => {
    const tag = n.tag.split(' ')[1];
    const csv = [
      'organisationId,organisationName,name,kind,vendor,product,environment,technicalContactEmail',
      `${n.otherSite.organisationId},,CTMS ${tag},ctms,Veeva,Vault CTMS,production,ctms@example.org`,
      `,${n.otherSponsor.name},Safety ${tag},safety,Oracle,Argus,validation,argus@example.org`,
      `,No Such Organisation ${tag},EDC ${tag},edc,Medidata,Rave,test,rave@example.org`,
    ].join('\n');
    const checked = await ok<{ problems: { line: number; column: string | null }[] }>(
      c,
      n.admin,
      'import-systems',
      { csv, dryRun: true },
    );
    expect(checked.problems.map((p) => p.line)).toEqual([4]);
    const fixed = csv.split('\n').slice(0, 3).join('\n');
    const saved = await ok<{ created: number }>(c, n.admin, 'import-systems', {
      csv: fixed,
      dryRun: false,
    });
    expect(saved.created).toBe(2);
  });

  it('exports the filtered lists as CSV', async () => {
    const link = await ok<{ url: string; rows: number }>(c, n.admin, 'export-organisations', {
      search: n.tag.split(' ')[1],
    });
    expect(link.rows).toBeGreaterThanOrEqual(5);
    const text = await (await fetch(link.url)).text();
    // Its columns titled as every export's are (issue 37), and it imports as it is (below).
    expect(text.split(/\r?\n/)[0]).toMatch(/^\uFEFF?Name,Kind,Country,Contact e-mail,/u);
    expect(text).toContain(n.site.name);
    const conns = await ok<{ url: string; rows: number }>(
      c,
      n.people.siteAdmin,
      'export-connections',
      {},
    );
    expect(conns.rows).toBe(1);
    const systems = await ok<{ url: string; rows: number }>(
      c,
      n.people.siteAdmin,
      'export-systems',
      {
        organisationId: n.site.organisationId,
      },
    );
    expect(systems.rows).toBe(1);
  });

  it('every change is in the audit trail with before and after', async () => {
    const trail = await ok<{
      records: {
        action: string;
        outcome: string;
        target: { id: string } | null;
        before: unknown;
        after: unknown;
      }[];
    }>(c, n.admin, 'list-audit-records', { action: 'organisation.', limit: 100 });
    const created = trail.records.find(
      (r) => r.action === 'organisation.created' && r.target?.id === n.site.organisationId,
    );
    expect(created?.after).toMatchObject({ name: n.site.name });
    const updated = trail.records.find(
      (r) =>
        r.action === 'organisation.updated' &&
        r.outcome === 'success' &&
        r.target?.id === n.site.organisationId,
    );
    expect(updated?.before).toBeTruthy();
    expect(updated?.after).toBeTruthy();
  });

  it("a refused change is in the trail too, with the refusal's words, for the caller's organisation", async () => {
    const refused = await registryCall(c, n.people.siteAdmin, 'update-organisation', {
      organisationId: n.sponsor.organisationId,
      revision: 1,
      changes: { name: 'Taken over' },
    });
    expect([403, 404]).toContain(refused.status);
    const trail = await ok<{
      records: {
        action: string;
        outcome: string;
        target: { id: string } | null;
        organisationId: string | null;
        reason?: string;
      }[];
    }>(c, n.admin, 'list-audit-records', { action: 'organisation.updated', limit: 100 });
    expect(trail.records).toContainEqual(
      expect.objectContaining({
        outcome: 'failure',
        target: expect.objectContaining({ id: n.sponsor.organisationId }) as unknown,
        organisationId: n.site.organisationId,
        reason: refused.body.error?.message,
      }),
    );
  });
});
