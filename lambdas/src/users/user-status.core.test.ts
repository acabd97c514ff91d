import { describe, expect, it } from 'vitest';
import type { Role } from '@ccsc/contract/roles';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { FakeUserDirectory, fakeUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeAccountLocks, FakeAuditTrail } from '../core/testing/fakes';
import { userWritesFor } from '../testing/user-writes';
import {
  deleteUser,
  disableUser,
  enableUser,
  resendInvitation,
  resetUserMfa,
  type UserStatusDeps,
} from './user-status.core';

const ORG = 'site-001';

const setup = () => {
  const directory = new FakeUserDirectory([
    fakeUser(1, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(2, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(3, { role: 'OrgAdmin', organisationId: ORG }),
    fakeUser(4, { role: 'Auditor', organisationId: ORG }),
    fakeUser(5, { role: 'Auditor', organisationId: 'sponsor-002' }),
  ]);
  const audit = new FakeAuditTrail();
  const locks = new FakeAccountLocks();
  const { writes, journal } = userWritesFor(directory, { audit, locks });
  const deps: UserStatusDeps = { directory, audit, locks, writes };
  return { directory, deps, audit, locks, journal };
};

const userName = (n: number) => fakeUser(n).userName;
const as = (n: number, role: Role, organisationId: string | null = null) =>
  callerContext({
    sub: userName(n),
    userName: userName(n),
    email: `user${n}@example.com`,
    role,
    organisationId,
  });

describe('disable-user, enable-user, delete-user (issue 5)', () => {
  it('disables: sign-in refused, sessions ended, recorded with before and after', async () => {
    const { directory, deps, audit } = setup();
    const { user } = await disableUser(
      { userName: userName(4), userRole: 'Auditor' },
      as(1, 'PlatformAdmin'),
      deps,
    );
    expect(user).toMatchObject({ userName: userName(4), enabled: false });
    expect(directory.signedOut).toEqual([userName(4)]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.disabled',
        outcome: 'success',
        actor: { sub: userName(1), email: 'user1@example.com', role: 'PlatformAdmin' },
        target: { type: 'user', id: userName(4), label: 'user4@example.com' },
        before: { enabled: true },
        after: { enabled: false },
        requestId: 'req-1',
      }),
    ]);
  });

  it('checks the claimed userRole against the directory instead of trusting it', async () => {
    const { directory, deps, audit } = setup();
    await expect(
      disableUser({ userName: userName(4), userRole: 'OrgAdmin' }, as(1, 'PlatformAdmin'), deps),
    ).rejects.toThrow(ConflictError);
    expect(directory.users.find((u) => u.userName === userName(4))?.enabled).toBe(true);
    expect(audit.entries[0]).toMatchObject({ action: 'user.disabled', outcome: 'failure' });
  });

  it('lets an OrgAdmin act in their organisation only; others do not exist for them', async () => {
    const { directory, deps } = setup();
    await expect(
      disableUser({ userName: userName(4), userRole: 'Auditor' }, as(3, 'OrgAdmin', ORG), deps),
    ).resolves.toMatchObject({ user: { enabled: false } });
    // Another organisation's user and a PlatformAdmin: 404 like a missing user, even with a
    // wrong userRole (which would otherwise tell the role).
    for (const [n, claimed] of [
      [5, 'OrgAdmin'],
      [1, 'Auditor'],
      [99, 'Auditor'],
    ] as const) {
      await expect(
        disableUser({ userName: userName(n), userRole: claimed }, as(3, 'OrgAdmin', ORG), deps),
      ).rejects.toEqual(new NotFoundError('No such user.'));
    }
    expect(directory.users.filter((u) => !u.enabled).map((u) => u.userName)).toEqual([userName(4)]);
  });

  it('refuses an Auditor, and anyone disabling or deleting themselves', async () => {
    const { deps } = setup();
    await expect(
      disableUser({ userName: userName(3), userRole: 'OrgAdmin' }, as(4, 'Auditor', ORG), deps),
    ).rejects.toThrow(ForbiddenError);
    await expect(
      deleteUser({ userName: userName(3), userRole: 'OrgAdmin' }, as(3, 'OrgAdmin', ORG), deps),
    ).rejects.toEqual(new ForbiddenError('You cannot delete your own account.'));
  });

  it('keeps the last enabled PlatformAdmin', async () => {
    const { directory, deps } = setup();
    await disableUser(
      { userName: userName(2), userRole: 'PlatformAdmin' },
      as(1, 'PlatformAdmin'),
      deps,
    );
    // Another PlatformAdmin's account (say, re-enabled later) cannot take the last one away.
    directory.users.push(
      fakeUser(6, { role: 'PlatformAdmin', organisationId: null, enabled: false }),
    );
    await expect(
      deleteUser(
        { userName: userName(1), userRole: 'PlatformAdmin' },
        as(6, 'PlatformAdmin'),
        deps,
      ),
    ).rejects.toEqual(new ConflictError('The last enabled PlatformAdmin cannot be deleted.'));
    expect(directory.users.find((u) => u.userName === userName(1))?.enabled).toBe(true);
  });

  it('keeps the last enabled PlatformAdmin when two are disabled at the same moment', async () => {
    const { directory, deps, audit } = setup();
    const results = await Promise.allSettled([
      disableUser(
        { userName: userName(1), userRole: 'PlatformAdmin' },
        as(2, 'PlatformAdmin'),
        deps,
      ),
      disableUser(
        { userName: userName(2), userRole: 'PlatformAdmin' },
        as(1, 'PlatformAdmin'),
        deps,
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: new ConflictError('The last enabled PlatformAdmin cannot be disabled.'),
    });
    expect(
      directory.users.filter((u) => u.groups.includes('PlatformAdmin') && u.enabled),
    ).toHaveLength(1);
    expect(audit.entries.map((e) => `${e.action} ${e.outcome}`).sort()).toEqual([
      'user.disabled failure',
      'user.disabled success',
    ]);
  });

  it('keeps the last enabled PlatformAdmin’s authenticator', async () => {
    const { directory, deps } = setup();
    const two = directory.users.find((u) => u.userName === userName(2));
    if (two) two.enabled = false;
    await expect(
      resetUserMfa(
        { userName: userName(1), userRole: 'PlatformAdmin' },
        as(1, 'PlatformAdmin'),
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(directory.users.find((u) => u.userName === userName(1))?.mfaMethods).toEqual([
      'SOFTWARE_TOKEN_MFA',
    ]);
  });

  it('enables a disabled user; a locked one is unlocked and its lock released', async () => {
    const { directory, deps, audit, locks } = setup();
    const target = directory.users.find((u) => u.userName === userName(4));
    if (!target) throw new Error('no user 4');
    target.enabled = false;
    locks.locks.set(userName(4), {
      userName: userName(4),
      lockedAt: new Date('2025-01-15T09:00:00.000Z'),
      failedSignIns: 5,
      reason: 'locked by lockout: 5 consecutive failed sign-ins (threshold 5)',
      releasedAt: null,
    });
    const { user } = await enableUser(
      { userName: userName(4), userRole: 'Auditor' },
      as(3, 'OrgAdmin', ORG),
      deps,
    );
    expect(user.enabled).toBe(true);
    expect(locks.locks.get(userName(4))?.releasedAt).toEqual(new Date('2025-01-15T10:00:00.000Z'));
    expect(audit.entries[0]).toMatchObject({
      action: 'user.unlocked',
      before: { enabled: false, locked: true },
      after: { enabled: true, locked: false },
    });

    // Enabling an enabled user changes and records nothing.
    await enableUser({ userName: userName(4), userRole: 'Auditor' }, as(3, 'OrgAdmin', ORG), deps);
    expect(audit.entries).toHaveLength(1);
  });

  it('deletes: gone from the directory, and the record keeps who it was', async () => {
    const { directory, deps, audit } = setup();
    await expect(
      deleteUser(
        { userName: 'user4@example.com', userRole: 'Auditor' },
        as(1, 'PlatformAdmin'),
        deps,
      ),
    ).resolves.toEqual({ userName: userName(4) });
    expect(directory.users.map((u) => u.userName)).not.toContain(userName(4));
    expect(audit.entries[0]).toMatchObject({
      action: 'user.deleted',
      before: { email: 'user4@example.com', role: 'Auditor', organisationId: ORG, enabled: true },
    });
  });

  it('resets the authenticator: gone from Cognito, sessions ended, recorded', async () => {
    const { directory, deps, audit } = setup();
    const { user } = await resetUserMfa(
      { userName: userName(4), userRole: 'Auditor' },
      as(3, 'OrgAdmin', ORG),
      deps,
    );
    expect(user.userName).toBe(userName(4));
    expect(directory.users.find((u) => u.userName === userName(4))?.mfaMethods).toEqual([]);
    expect(directory.signedOut).toEqual([userName(4)]);
    expect(audit.entries[0]).toMatchObject({
      action: 'user.mfa-reset',
      before: { authenticator: true },
      after: { authenticator: false },
    });
    await expect(
      resetUserMfa({ userName: userName(5), userRole: 'Auditor' }, as(3, 'OrgAdmin', ORG), deps),
    ).rejects.toEqual(new NotFoundError('No such user.'));
  });

  it('resends the invitation only while the first sign-in is pending', async () => {
    const { directory, deps } = setup();
    await expect(
      resendInvitation(
        { userName: userName(4), userRole: 'Auditor' },
        as(1, 'PlatformAdmin'),
        deps,
      ),
    ).rejects.toEqual(
      new ConflictError(
        'The invitation can be sent again only until the user signs in for the first time.',
      ),
    );
    const pending = directory.users.find((u) => u.userName === userName(4));
    if (pending) pending.status = 'FORCE_CHANGE_PASSWORD';
    await resendInvitation(
      { userName: userName(4), userRole: 'Auditor' },
      as(1, 'PlatformAdmin'),
      deps,
    );
    expect(directory.resent).toEqual(['user4@example.com']);
    // Not to a disabled account: the mailed password could not be used.
    if (pending) pending.enabled = false;
    await expect(
      resendInvitation(
        { userName: userName(4), userRole: 'Auditor' },
        as(1, 'PlatformAdmin'),
        deps,
      ),
    ).rejects.toThrow(ConflictError);
    expect(directory.resent).toHaveLength(1);
    await expect(
      resendInvitation({ userName: userName(4), userRole: 'Auditor' }, as(4, 'Auditor', ORG), deps),
    ).rejects.toThrow(ForbiddenError);
  });
});
