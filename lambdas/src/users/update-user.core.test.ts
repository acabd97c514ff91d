import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { FakeUserDirectory, fakeUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeAuditTrail } from '../core/testing/fakes';
import { userWritesFor } from '../testing/user-writes';
import { registryWith } from '../core/testing/memory-registry';
import { updateUser, type UpdateUserDeps } from './update-user.core';

const ORG = 'site-001';
const OTHER = 'sponsor-002';
const registry = registryWith([ORG, OTHER]);

const setup = () => {
  const directory = new FakeUserDirectory([
    fakeUser(1, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(2, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(3, { role: 'OrgAdmin', organisationId: ORG }),
    fakeUser(4, { role: 'Auditor', organisationId: ORG }),
    fakeUser(5, { role: 'Auditor', organisationId: OTHER }),
  ]);
  const audit = new FakeAuditTrail();
  const { writes, journal } = userWritesFor(directory, { audit });
  const deps: UpdateUserDeps = { directory, registry, audit, writes };
  return { directory, audit, deps, journal };
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

  it('moves the group on a role change (out of the old first) and ends the sessions', async () => {
    const { directory, deps, audit } = setup();
    const { user } = await updateUser(
      { userName: name(4), userAttributes: { role: 'OrgAdmin' } },
      orgAdmin,
      deps,
    );
    expect(user.role).toBe('OrgAdmin');
    expect(directory.memberships.filter((m) => m.userName === name(4))).toEqual([
      { userName: name(4), group: 'OrgAdmin' },
    ]);
    const writes = directory.calls.filter((c) => !c.startsWith('get'));
    expect(writes).toEqual(['removeFromGroup', 'addToGroup', 'signOutEverywhere']);
    expect(directory.signedOut).toEqual([name(4)]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.updated',
        before: { role: 'Auditor' },
        after: { role: 'OrgAdmin' },
      }),
    ]);
  });

  it('gives a role to a user who has none (made outside the console)', async () => {
    const { directory, deps } = setup();
    directory.users.push(fakeUser(6, { role: null, organisationId: ORG }));
    const { user } = await updateUser(
      { userName: name(6), userAttributes: { role: 'Auditor' } },
      orgAdmin,
      deps,
    );
    expect(user.role).toBe('Auditor');
    expect(directory.memberships.filter((m) => m.userName === name(6))).toEqual([
      { userName: name(6), group: 'Auditor' },
    ]);
  });

  it('puts the groups back when the attributes are refused (an address taken meanwhile)', async () => {
    const { directory, deps, audit, journal } = setup();
    const update = directory.updateAttributes.bind(directory);
    directory.updateAttributes = (userName, changes) =>
      changes.email === 'late@example.com'
        ? Promise.reject(new ConflictError('A user with this e-mail address already exists.'))
        : update(userName, changes);
    await expect(
      updateUser(
        { userName: name(4), userAttributes: { role: 'OrgAdmin', email: 'late@example.com' } },
        orgAdmin,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'userAttributes.email' }] });
    expect(directory.memberships.filter((m) => m.userName === name(4))).toEqual([
      { userName: name(4), group: 'Auditor' },
    ]);
    expect(audit.entries).toEqual([
      expect.objectContaining({ action: 'user.updated', outcome: 'failure' }),
    ]);
    expect(journal.entries.size).toBe(0);
  });

  it('lets a PlatformAdmin make an Auditor read every organisation, never an OrgAdmin', async () => {
    const { deps } = setup();
    await expect(
      updateUser({ userName: name(4), userAttributes: { organisationId: null } }, orgAdmin, deps),
    ).rejects.toEqual(
      new ForbiddenError('Only a PlatformAdmin can give an Auditor access to every organisation.'),
    );
    const { user } = await updateUser(
      { userName: name(4), userAttributes: { organisationId: null } },
      admin,
      deps,
    );
    expect(user).toMatchObject({ role: 'Auditor', organisationId: null });
    // An OrgAdmin needs one.
    await expect(
      updateUser({ userName: name(3), userAttributes: { organisationId: null } }, admin, deps),
    ).rejects.toMatchObject({ fields: [{ path: 'userAttributes.organisationId' }] });
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
    ).rejects.toEqual(
      new ConflictError('The last enabled PlatformAdmin cannot be given another role.'),
    );
    expect(directory.users.find((u) => u.userName === name(1))?.groups).toEqual(['PlatformAdmin']);
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
