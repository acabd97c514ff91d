import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';

/** What the user forms need (issue 5): the roles a caller may give, and the dial codes. */

const c = inject('console');

interface Groups {
  data: { groups: { name: string; description: string | null }[] };
}
interface OrganisationList {
  data: { organisations: { organisationId: string; name: string; kind: string }[] };
}
interface DialCodes {
  data: { dialCodes: { countryCode: string; name: string; dialCode: string }[] };
}

describe('list-all-groups and get-mob-dial-code', () => {
  let admin: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  beforeAll(async () => {
    [admin, orgAdmin] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'OrgAdmin', 'site-berlin-mitte'),
    ]);
  });

  it('lists the provisioned role groups, only those an OrgAdmin may give', async () => {
    const all = await callApi(c, 'list-all-groups', { method: 'GET', token: admin.idToken });
    expect(all.status).toBe(200);
    expect((all.body as Groups).data.groups.map((g) => g.name)).toEqual([
      'PlatformAdmin',
      'OrgAdmin',
      'Auditor',
    ]);
    expect((all.body as Groups).data.groups.every((g) => (g.description ?? '').length > 0)).toBe(
      true,
    );
    const own = await callApi(c, 'list-all-groups', { method: 'GET', token: orgAdmin.idToken });
    // OrgAdmin and Auditor, of their own organisation: within their reach (never PlatformAdmin).
    expect((own.body as Groups).data.groups.map((g) => g.name)).toEqual(['OrgAdmin', 'Auditor']);
  });

  it('serves the dial codes, and refuses a query parameter it does not know', async () => {
    const res = await callApi(c, 'get-mob-dial-code', { method: 'GET', token: orgAdmin.idToken });
    expect(res.status).toBe(200);
    const { dialCodes } = (res.body as DialCodes).data;
    expect(dialCodes).toContainEqual({ countryCode: 'DE', name: 'Germany', dialCode: '+49' });
    const odd = await callApi(c, 'get-mob-dial-code?country=DE', {
      method: 'GET',
      token: orgAdmin.idToken,
    });
    expect(odd.status).toBe(400);
  });
});

describe('getSiteOrgList and getSponsorList', () => {
  it('serve the seeded organisations by kind; an OrgAdmin of an unconnected site sees their own only', async () => {
    const [admin, orgAdmin] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'OrgAdmin', 'site-berlin-mitte'),
    ]);
    const list = async (path: string, token: string) =>
      ((await callApi(c, path, { method: 'GET', token })).body as OrganisationList).data
        .organisations;
    const sites = await list('getSiteOrgList', admin.idToken);
    expect(sites.length).toBeGreaterThanOrEqual(5);
    expect(new Set(sites.map((o) => o.kind))).toEqual(new Set(['site']));
    expect(sites.map((o) => o.name)).toContain('Klinikum Berlin-Mitte');
    const sponsors = await list('getSponsorList', admin.idToken);
    expect(sponsors.length).toBeGreaterThanOrEqual(3);
    // The sponsor side: sponsors and the CROs acting for them.
    expect(new Set(sponsors.map((o) => o.kind))).toEqual(new Set(['sponsor', 'cro']));

    expect((await list('getSiteOrgList', orgAdmin.idToken)).map((o) => o.organisationId)).toEqual([
      'site-berlin-mitte',
    ]);
    expect(await list('getSponsorList', orgAdmin.idToken)).toEqual([]);
  });
});
