import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { FakeUserDirectory } from '../core/testing/fake-user-directory';
import { callerContext } from '../core/testing/fakes';
import { listAllGroups } from './list-all-groups.core';

describe('list-all-groups', () => {
  it('offers a PlatformAdmin every role, with its description', async () => {
    const directory = new FakeUserDirectory();
    const out = await listAllGroups({}, callerContext({ role: 'PlatformAdmin' }), { directory });
    expect(out.groups).toEqual([
      { name: 'PlatformAdmin', description: 'Platform administrators' },
      { name: 'OrgAdmin', description: 'Organisation administrators' },
      { name: 'Auditor', description: 'Auditors' },
    ]);
    expect(routes['list-all-groups'].response.safeParse(out).success).toBe(true);
  });

  it.each([null, 'site-001'])(
    'offers an Auditor (organisation %s) no role: they give none',
    async (organisationId) => {
      const directory = new FakeUserDirectory();
      const out = await listAllGroups({}, callerContext({ role: 'Auditor', organisationId }), {
        directory,
      });
      expect(out.groups).toEqual([]);
    },
  );

  it('offers an OrgAdmin the roles within their organisation, and nothing but the role groups', async () => {
    const directory = new FakeUserDirectory();
    directory.groups.push({ name: 'some-other-group', description: null });
    const out = await listAllGroups(
      {},
      callerContext({ role: 'OrgAdmin', organisationId: 'site-001' }),
      { directory },
    );
    expect(out.groups.map((g) => g.name)).toEqual(['OrgAdmin', 'Auditor']);
  });
});
