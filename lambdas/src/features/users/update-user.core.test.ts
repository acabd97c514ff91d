import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import type { Organisations } from '../../ports/organisations';
import { FakeUserDirectory, fakeUser } from '../../testing/fake-user-directory';
import { callerContext, FakeAuditTrail } from '../../testing/fakes';
import { updateUser, type UpdateUserDeps } from './update-user.core';

const ORG = 'site-001';
const OTHER = 'sponsor-002';
const organisations: Pick<Organisations, 'get'> = {
  get: (id) =>
    Promise.resolve(
      [ORG, OTHER].includes(id)
        ? { organisationId: id, name: id, kind: 'site', country: null }
        : null,
    ),
};

const setup = () => {
  const directory = new FakeUserDirectory([
    fakeUser(1, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(2, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(3, { role: 'OrgAdmin', organisationId: ORG }),
    fakeUser(4, { role: 'Auditor', organisationId: ORG }),
    fakeUser(5, { role: 'Auditor', organisationId: OTHER }),
  ]);
  const audit = new FakeAuditTrail();
  const deps: UpdateUserDeps = { directory, organisations, audit };
  return { directory, audit, deps };
};
const name = (n: number) => fakeUser(n).userName;
const admin = callerContext({ role: 'PlatformAdmin', userName: name(1), sub: name(1) });
const orgAdmin = callerContext({
  role: 'OrgAdmin',
  organisationId: ORG,
  userName: name(3),
  sub: name(3),
});

describe('update-user', () => {
  it('changes names and records only what changed', async () => {
    const { audit, deps, directory } = setup();
    const { user } = await updateUser(
      { userName: name(4), userAttributes: { givenName: 'Grace', familyName: 'Family4' } },
      orgAdmin,
      deps,
    );
    expect(user).toMatchObject({ givenName: 'Grace', familyName: 'Family4' });
    expect(audit.entries[0]).toMatchObject({
      before: { givenName: 'Given4' },
      after: { givenName: 'Grace' },
    });
    expect(directory.signedOut).toEqual([]); // rights unchanged: the session stays
  });

  it('moves the group on a role change and ends the sessions', async () => {
    const { directory, deps } = setup();
    directory.memberships.push({ userName: name(4), group: 'Auditor' });
    const { user } = await updateUser(
      { userName: name(4), userAttributes: { role: 'OrgAdmin' } },
      orgAdmin,
      deps,
    );
    expect(user.role).toBe('OrgAdmin');
    expect(directory.memberships).toEqual([{ userName: name(4), group: 'OrgAdmin' }]);
    expect(directory.signedOut).toEqual([name(4)]);
  });

  it('unverifies a changed e-mail address; an address in use is a 409 on the field', async () => {
    const { deps } = setup();
    const { user } = await updateUser(
      { userName: name(4), userAttributes: { email: 'new4@example.com' } },
      admin,
      deps,
    );
    expect(user).toMatchObject({ email: 'new4@example.com', emailVerified: false });
    await expect(
      updateUser(
        { userName: name(4), userAttributes: { email: 'user5@example.com' } },
        admin,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'userAttributes.email' }] });
  });

  it('hides other organisations from an OrgAdmin before reading the request', async () => {
    const { deps } = setup();
    for (const attrs of [
      { givenName: 'X' },
      { role: 'OrgAdmin' as const },
      { organisationId: 'site-nowhere' },
    ]) {
      await expect(
        updateUser({ userName: name(5), userAttributes: attrs }, orgAdmin, deps),
      ).rejects.toEqual(new NotFoundError('No such user.'));
      await expect(
        updateUser({ userName: name(1), userAttributes: attrs }, orgAdmin, deps),
      ).rejects.toEqual(new NotFoundError('No such user.'));
    }
  });

  it('refuses promotion by an OrgAdmin, self-demotion and demoting the last PlatformAdmin', async () => {
    const { directory, deps } = setup();
    await expect(
      updateUser({ userName: name(4), userAttributes: { role: 'PlatformAdmin' } }, orgAdmin, deps),
    ).rejects.toThrow(ForbiddenError);
    await expect(
      updateUser(
        { userName: name(1), userAttributes: { role: 'Auditor', organisationId: ORG } },
        admin,
        deps,
      ),
    ).rejects.toEqual(new ForbiddenError('You cannot change your own role.'));
    const other = directory.users.find((u) => u.userName === name(2));
    if (other) other.enabled = false;
    const asTwo = callerContext({ role: 'PlatformAdmin', userName: name(2), sub: name(2) });
    await expect(
      updateUser(
        { userName: name(1), userAttributes: { role: 'OrgAdmin', organisationId: ORG } },
        asTwo,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('makes a PlatformAdmin of a user by dropping the organisation', async () => {
    const { deps } = setup();
    const { user } = await updateUser(
      { userName: name(4), userAttributes: { role: 'PlatformAdmin' } },
      admin,
      deps,
    );
    expect(user).toMatchObject({ role: 'PlatformAdmin', organisationId: null });
  });
});
