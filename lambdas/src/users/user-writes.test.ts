import { describe, expect, it } from 'vitest';
import { LEASE_MS } from '../core/journal';
import { ConflictError } from '../core/errors';
import { FakeUserDirectory, fakeUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeAuditTrail } from '../core/testing/fakes';
import { userWritesFor } from '../testing/user-writes';
import { registryWith } from '../core/testing/memory-registry';
import { createUser, type CreateUserDeps } from './create-user.core';
import { PLATFORM_ADMINS_LEASE } from '../core/accounts/platform-admins';
import { updateUser } from './update-user.core';
import { USER_CHANGED } from '../core/accounts/account-writes';
import { disableUser, resendInvitation, type UserStatusDeps } from './user-status.core';
import { FakeInvitations } from '../core/testing/fake-invitations';

/**
 * The journaled user writes under the failures an outside review pointed at (issue 12): a
 * refusal whose undo fails, a write queued behind another on the same user, an invitation
 * finished after the user signed in, what counts as another PlatformAdmin.
 */

const ORG = 'site-001';
const registry = registryWith([ORG]);
const name = (n: number) => fakeUser(n).userName;
const admin = callerContext({ role: 'PlatformAdmin', userName: name(1), sub: name(1) });

const setup = (
  users = [
    fakeUser(1, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(2, { role: 'PlatformAdmin', organisationId: null }),
    fakeUser(3, { role: 'OrgAdmin', organisationId: ORG }),
  ],
) => {
  const directory = new FakeUserDirectory(users);
  const audit = new FakeAuditTrail();
  const invitations = new FakeInvitations();
  const w = userWritesFor(directory, { audit, invitations });
  audit.clock = w.clock;
  const deps: CreateUserDeps = { directory, registry, audit, writes: w.writes };
  const statusDeps: UserStatusDeps = { directory, audit, locks: w.deps.locks, writes: w.writes };
  return { ...w, w, invitations, directory, audit, deps, statusDeps };
};

describe('journaled user writes (issue 12 review)', () => {
  it('goes on undoing a refused write whose undo failed, never forward onto another account', async () => {
    const t = setup();
    // The address is the other PlatformAdmin's; the refusal's record fails once.
    const attrs = {
      email: 'user2@example.com',
      givenName: 'New',
      familyName: 'Person',
      role: 'Auditor' as const,
      organisationId: ORG,
    };
    t.audit.failWith = new Error('throttled');
    await expect(createUser({ userAttributes: attrs }, admin, t.deps)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect([...t.journal.entries.values()][0]?.abandoning).toMatchObject({ code: 'CONFLICT' });
    t.audit.failWith = null;
    t.clock.advance(LEASE_MS + 1);
    expect(await t.writes.reconcile(false)).toMatchObject({ abandoned: 1 });
    // The existing account is untouched: no second group, no invitation, no "created" record.
    expect(t.directory.users.find((u) => u.userName === name(2))?.groups).toEqual([
      'PlatformAdmin',
    ]);
    expect(t.directory.resent).toEqual([]);
    expect(t.audit.entries.map((e) => `${e.action} ${e.outcome}`)).toEqual([
      'user.created failure',
    ]);
    expect(t.journal.entries.size).toBe(0);
  });

  it('never adopts an account that is not the write’s own after an interruption', async () => {
    const t = setup();
    const attrs = {
      email: 'late@example.com',
      givenName: 'New',
      familyName: 'Person',
      role: 'Auditor' as const,
      organisationId: ORG,
    };
    // The write checks the address free, then dies before creating; meanwhile someone outside
    // the console creates an account with it.
    t.journal.crashAfterSaves = 0;
    await expect(createUser({ userAttributes: attrs }, admin, t.deps)).rejects.toThrow();
    t.journal.restart();
    t.directory.users.push(
      fakeUser(9, {
        email: 'late@example.com',
        givenName: 'Someone',
        role: 'OrgAdmin',
        organisationId: ORG,
      }),
    );
    expect(await t.writes.reconcile(true)).toMatchObject({ abandoned: 1 });
    expect(t.directory.users.find((u) => u.userName === name(9))?.groups).toEqual(['OrgAdmin']);
    expect(t.directory.users).toHaveLength(4);
  });

  it('does not send the invitation again to a user who signed in before the write was finished', async () => {
    const t = setup();
    const attrs = {
      email: 'new@example.com',
      givenName: 'New',
      familyName: 'Person',
      role: 'Auditor' as const,
      organisationId: ORG,
    };
    // Dies after the invitation went out, before the journal knew.
    t.journal.crashAfterSaves = 3; // check, create, group saved; invite's save fails
    await expect(createUser({ userAttributes: attrs }, admin, t.deps)).rejects.toThrow();
    expect(t.directory.resent).toEqual(['new@example.com']);
    const created = t.directory.users.find((u) => u.email === 'new@example.com');
    if (created) created.status = 'CONFIRMED';
    t.journal.restart();
    expect(await t.writes.reconcile(true)).toMatchObject({ finished: 1 });
    expect(t.directory.resent).toEqual(['new@example.com']);
    expect(t.audit.actions()).toEqual(['user.created']);
  });

  it('records when the invitation was sent, on create and on resend, and the list’s row carries it', async () => {
    const t = setup();
    const { invitations } = t;
    const attrs = {
      email: 'invited@example.com',
      givenName: 'New',
      familyName: 'Person',
      role: 'Auditor' as const,
      organisationId: ORG,
    };
    const created = await createUser({ userAttributes: attrs }, admin, t.deps);
    const userName = created.user.userName;
    const first = t.clock.now();
    expect(invitations.sent.get(userName)).toEqual(first);
    expect(t.directory.resent).toEqual(['invited@example.com']);
    expect((await t.w.deps.index.all()).find((u) => u.userName === userName)).toMatchObject({
      invitationSentAt: first.toISOString(),
    });

    t.clock.advance(3 * 24 * 3_600_000);
    await resendInvitation({ userName, userRole: 'Auditor' }, admin, t.statusDeps);
    expect(invitations.sent.get(userName)).toEqual(t.clock.now());
    expect((await t.w.deps.index.all()).find((u) => u.userName === userName)).toMatchObject({
      invitationSentAt: t.clock.now().toISOString(),
    });
  });

  it('refuses a write queued behind another on the same user if the user changed meanwhile', async () => {
    const t = setup();
    const orgAdmin = callerContext({
      role: 'OrgAdmin',
      organisationId: ORG,
      userName: name(3),
      sub: name(3),
    });
    // The PlatformAdmin promotes user 4 while the OrgAdmin renames them: the rename was decided
    // on an Auditor of the OrgAdmin's organisation, and must not land on a PlatformAdmin.
    t.directory.users.push(fakeUser(4, { role: 'Auditor', organisationId: ORG }));
    const both = await Promise.allSettled([
      updateUser({ userName: name(4), userAttributes: { role: 'PlatformAdmin' } }, admin, t.deps),
      updateUser(
        { userName: name(4), userAttributes: { email: 'elsewhere@example.com' } },
        orgAdmin,
        t.deps,
      ),
    ]);
    expect(both[0].status).toBe('fulfilled');
    expect(both[1]).toMatchObject({ status: 'rejected', reason: new ConflictError(USER_CHANGED) });
    const four = t.directory.users.find((u) => u.userName === name(4));
    expect(four?.groups).toEqual(['PlatformAdmin']);
    expect(four?.email).toBe('user4@example.com');
  });

  it('does not count an invitation not taken up, or a user in two role groups, as another PlatformAdmin', async () => {
    const t = setup([
      fakeUser(1, { role: 'PlatformAdmin', organisationId: null }),
      fakeUser(2, { role: 'PlatformAdmin', organisationId: null, status: 'FORCE_CHANGE_PASSWORD' }),
      fakeUser(3, {
        role: 'PlatformAdmin',
        organisationId: null,
        groups: ['PlatformAdmin', 'Auditor'],
      }),
      fakeUser(5, { role: 'PlatformAdmin', organisationId: null }),
    ]);
    const asFive = callerContext({ role: 'PlatformAdmin', userName: name(5), sub: name(5) });
    await expect(
      disableUser({ userName: name(1), userRole: 'PlatformAdmin' }, asFive, t.statusDeps),
    ).resolves.toBeDefined();
    // Five is the last usable one now: two never signed in, three has no role.
    const asOne = callerContext({ role: 'PlatformAdmin', userName: name(2), sub: name(2) });
    await expect(
      disableUser({ userName: name(5), userRole: 'PlatformAdmin' }, asOne, t.statusDeps),
    ).rejects.toEqual(new ConflictError('The last enabled PlatformAdmin cannot be disabled.'));
  });

  it('answers 409 when the PlatformAdmins’ lease stays busy, changing nothing', async () => {
    const t = setup();
    await t.journal.acquire(
      PLATFORM_ADMINS_LEASE,
      'someone',
      new Date(t.clock.now().getTime() + LEASE_MS),
    );
    await expect(
      disableUser({ userName: name(2), userRole: 'PlatformAdmin' }, admin, t.statusDeps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(t.directory.users.find((u) => u.userName === name(2))?.enabled).toBe(true);
  });
});
