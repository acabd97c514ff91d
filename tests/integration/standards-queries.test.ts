/**
 * Mapping standards through the running console (issue 16), read and looked for: drafts found by
 * the day they were created with their total, bad input answered with a 400 that names the field,
 * the TMF Reference Model catalogue, and a system reading its published standard through the
 * partner API. A standard's whole life: standards.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MappingRow } from '@ccsc/contract/standard-rows';
import { waitForMail } from '../support/aws';
import { partnerToken } from '../support/oauth';
import {
  buildNetwork,
  type Caller,
  must,
  type Network,
  ok,
  registryCall,
} from '../support/registry';
import { row, type StandardDetail } from './standards-kit';

const c = inject('console');

let n: Network;
beforeAll(async () => {
  n = await buildNetwork(c, 'Standards');
});

describe('mapping standards', () => {
  it('finds the drafts created before a day and answers how many standards match', async () => {
    const drafts = [];
    for (const name of ['A', 'B']) {
      drafts.push(
        await ok<StandardDetail>(c, n.people.sponsorAdmin, 'artifact/create-standard', {
          organisationId: n.sponsor.organisationId,
          name: `Sponsor draft ${name} ${n.tag}`,
          catalogueVersion: '3.3',
          source: { kind: 'blank' },
        }),
      );
    }
    const ids = drafts.map((d) => d.standard.standardId);
    const draft = must(drafts[0]);
    // The day it was created (UTC) and the day after, as the dashboard's link writes them.
    const day = draft.standard.createdAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    type Page = { standards: { standardId: string }[]; total: number; nextCursor: string | null };
    const list = (who: Caller, query: Record<string, string>) =>
      ok<Page>(
        c,
        who,
        `artifact/list-standards?${new URLSearchParams(query).toString()}`,
        undefined,
        'GET',
      );
    const mine = { organisationId: n.sponsor.organisationId };
    const before = await list(n.people.sponsorAdmin, { ...mine, draftBefore: next });
    expect(before.standards.map((s) => s.standardId)).toEqual(expect.arrayContaining(ids));
    expect(before.total).toBe(before.standards.length);
    // Created during that day, not before it began.
    const sameDay = await list(n.people.sponsorAdmin, { ...mine, draftBefore: day });
    for (const id of ids) expect(sameDay.standards.map((s) => s.standardId)).not.toContain(id);
    expect(sameDay.total).toBe(sameDay.standards.length);
    expect(sameDay.total).toBeLessThanOrEqual(before.total - ids.length);
    // Another organisation's administrator counts none of them.
    expect((await list(n.people.otherSponsorAdmin, { ...mine, draftBefore: next })).total).toBe(0);
    expect((await list(n.people.auditorAll, { ...mine, draftBefore: next })).total).toBe(
      before.total,
    );
    // The total counts every page, not the one answered.
    const all = await list(n.people.sponsorAdmin, mine);
    const first = await list(n.people.sponsorAdmin, { ...mine, limit: '1' });
    expect(all.total).toBeGreaterThan(1);
    expect(first).toMatchObject({ total: all.total });
    expect(first.standards).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const bad = await registryCall(
      c,
      n.people.sponsorAdmin,
      'artifact/list-standards?draftBefore=2026-02-30',
      undefined,
      'GET',
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('draftBefore');
  });

  it('answers bad input with a 400 that names the field, and no token with 401', async () => {
    const bad = await registryCall(c, n.people.siteAdmin, 'artifact/create-standard', {
      organisationId: n.site.organisationId,
      name: 'Bad',
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'x.csv', rows: [row({ artifactNumber: '5.2.4' })] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('zz.ss.aa');
    const unknownVersion = await registryCall(c, n.people.siteAdmin, 'artifact/create-standard', {
      organisationId: n.site.organisationId,
      name: 'Bad',
      catalogueVersion: '9.9',
      source: { kind: 'blank' },
    });
    expect(unknownVersion.status).toBe(400);
    const anonymous = await registryCall(c, null, 'artifact/list-standards', undefined, 'GET');
    expect(anonymous.status).toBe(401);
  });

  it('serves the TMF Reference Model 3.3 catalogue', async () => {
    const { catalogue } = await ok<{
      catalogue: { version: string; zones: { sections: { artifacts: { number: string }[] }[] }[] };
    }>(c, n.people.siteAuditor, 'artifact/catalogue', undefined, 'GET');
    expect(catalogue.version).toBe('3.3');
    const numbers = catalogue.zones.flatMap((z) =>
      z.sections.flatMap((s) => s.artifacts.map((a) => a.number)),
    );
    expect(numbers).toHaveLength(250);
    expect(numbers).toContain('05.02.04');
  });

  it("lets a system with standards.read read its published standard and its rows (the seeded sponsor eTMF's)", async () => {
    const contact = `etmf-it-${String(Date.now())}@nordlicht-pharma.example`;
    await ok(c, n.admin, 'generateApiCredential', {
      systemId: 'nordlicht-etmf',
      scopes: ['ccsc-api/system.read', 'ccsc-api/standards.read'],
      expiresAt: new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString(),
      contactEmail: contact,
    });
    const text = must((await waitForMail(c, contact, 1)).at(-1)).text;
    const link = must(/\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text), 'link');
    const revealed = await fetch(`${c.url}/ccsc/ui/decription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiId: decodeURIComponent(must(link[1])), token: must(link[2]) }),
    });
    const { data } = (await revealed.json()) as {
      data: { clientId: string; clientSecret: string };
    };
    const call = async (scope: string, query = '') => {
      const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, data, scope);
      const res = await fetch(`${c.url}/ccsc/api/v1/standards${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await call('ccsc-api/system.read')).status).toBe(403);
    // With rows, one standard a page, ordered by id: its own among its counterparts' (the
    // seeded connections give it more than one), read page by page.
    const standards: {
      standardId: string;
      relation: string;
      rowCount: number;
      rows: MappingRow[];
      signature: { meaning: string };
    }[] = [];
    let cursor: string | null = null;
    do {
      const read = await call(
        'ccsc-api/standards.read',
        `?rows=true${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      );
      expect(read.status).toBe(200);
      const page = read.body.data as { standards: typeof standards; nextCursor: string | null };
      standards.push(...page.standards);
      cursor = page.nextCursor;
    } while (cursor !== null && standards.length < 20);
    const own = must(standards.find((x) => x.relation === 'own'));
    expect(own).toMatchObject({
      standardId: 'std-nordlichtetmf',
      signature: { meaning: 'Approved' },
    });
    expect(own.rows).toHaveLength(own.rowCount);
    expect(own.rows.map((r) => r.sourceCode)).toContain('PROT');
  });
});
