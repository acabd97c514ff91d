import { describe, expect, it } from 'vitest';
import { fakeUser, FakeUserDirectory } from '../testing/fake-user-directory';
import { FakeAccountLocks, FakeUserIndex, silentLogger } from '../testing/fakes';
import { FakeInvitations } from '../testing/fake-invitations';
import { rebuildUserIndex, syncAfterChange, syncIndexedUser } from './user-index-sync';

const setUp = (users = [fakeUser(1), fakeUser(2, { mfaMethods: [], preferredMfa: null })]) => {
  const inner = new FakeUserDirectory(users);
  const locks = new FakeAccountLocks();
  const invitations = new FakeInvitations();
  const index = new FakeUserIndex();
  const logger = silentLogger();
  const first = inner.users[0];
  if (first === undefined) throw new Error('no users');
  return { inner, locks, invitations, index, logger, first };
};

describe('the user index kept in step', () => {
  it('rebuilds from the directory: every user, the enrolment, stale rows removed, marked built', async () => {
    const { inner, locks, invitations, index } = setUp();
    index.rows.set('gone', {
      ...fakeUser(9),
      userName: 'gone',
      mfaEnrolled: true,
      locked: false,
      invitationSentAt: null,
    });
    const result = await rebuildUserIndex({ directory: inner, locks, invitations, index });
    expect(result).toEqual({ users: 2, removed: 1, written: 2 });
    expect([...index.rows.values()].map((r) => [r.email, r.mfaEnrolled])).toEqual([
      ['user1@example.com', true],
      ['user2@example.com', false],
    ]);
    expect(index.built).toBe(true);
    // A second rebuild finds every row right and writes nothing.
    expect(await rebuildUserIndex({ directory: inner, locks, invitations, index })).toEqual({
      users: 2,
      removed: 0,
      written: 0,
    });
  });

  it('brings a user’s row to Cognito’s state: attributes, role group, status, removal', async () => {
    const { inner, locks, invitations, index, first: user } = setUp();
    const sync = { directory: inner, locks, invitations, index };
    await syncIndexedUser(sync, user.userName);
    expect(index.rows.get(user.userName)).toMatchObject({ role: 'OrgAdmin', enabled: true });
    await inner.disableUser(user.userName);
    await inner.updateAttributes(user.userName, { givenName: 'Renamed' });
    await inner.removeFromGroup(user.userName, 'OrgAdmin');
    await inner.addToGroup(user.userName, 'Auditor');
    await syncIndexedUser(sync, user.email);
    expect(index.rows.get(user.userName)).toMatchObject({
      role: 'Auditor',
      givenName: 'Renamed',
      enabled: false,
    });
    await inner.deleteUser(user.userName);
    await syncIndexedUser(sync, user.userName);
    expect(index.rows.has(user.userName)).toBe(false);
  });

  it('records a lockout as locked, and an enabled user as not locked', async () => {
    const { inner, locks, invitations, index, first: user } = setUp();
    const sync = { directory: inner, locks, invitations, index };
    await locks.claim(
      {
        userName: user.userName,
        lockedAt: new Date(),
        failedSignIns: 5,
        reason: 'x',
        releasedAt: null,
      },
      null,
    );
    await inner.disableUser(user.userName);
    await syncIndexedUser(sync, user.userName);
    expect(index.rows.get(user.userName)).toMatchObject({ enabled: false, locked: true });
    await inner.enableUser(user.userName);
    await syncIndexedUser(sync, user.userName);
    expect(index.rows.get(user.userName)).toMatchObject({ enabled: true, locked: false });
  });

  it('syncs the removal of the authenticator app', async () => {
    const { inner, locks, invitations, index, first } = setUp();
    await inner.disableTotp(first.userName);
    await syncIndexedUser({ directory: inner, locks, invitations, index }, first.userName);
    expect(index.rows.get(first.userName)?.mfaEnrolled).toBe(false);
  });

  it('after a change Cognito made on its own, never fails the caller: it logs', async () => {
    const { inner, locks, invitations, first, index, logger } = setUp();
    index.failWith = new Error('dynamodb down');
    await syncAfterChange({ directory: inner, locks, invitations, index, logger }, first.userName);
    expect(logger.errors).toHaveLength(1);
  });

  it('keeps the newer state when an older sync finishes last', async () => {
    const { inner, locks, invitations, index, first: user } = setUp();
    await syncIndexedUser({ directory: inner, locks, invitations, index }, user.userName);
    const current = index.rows.get(user.userName);
    if (current === undefined) throw new Error('not synced');
    const newer = {
      ...current,
      givenName: 'Newer',
      updatedAt: new Date('2030-01-01'),
    };
    await index.put(newer);
    await syncIndexedUser({ directory: inner, locks, invitations, index }, user.userName);
    expect(index.rows.get(user.userName)?.givenName).toBe('Newer');
  });

  it('carries when the invitation was sent into the row of a user waiting for the first sign-in only', async () => {
    const { inner, locks, invitations, index } = setUp([
      fakeUser(1, { status: 'FORCE_CHANGE_PASSWORD', mfaMethods: [], preferredMfa: null }),
      fakeUser(2),
      fakeUser(3, { status: 'FORCE_CHANGE_PASSWORD', mfaMethods: [], preferredMfa: null }),
    ]);
    const [invited, signedIn, older] = inner.users;
    if (invited === undefined || signedIn === undefined || older === undefined) throw new Error();
    const sentAt = new Date('2026-11-20T08:00:00.000Z');
    await invitations.recordSent(invited.userName, sentAt);
    await invitations.recordSent(signedIn.userName, sentAt);
    const sync = { directory: inner, locks, invitations, index };
    await rebuildUserIndex(sync);
    expect(index.rows.get(invited.userName)?.invitationSentAt).toBe(sentAt.toISOString());
    // Signed in already: no invitation waits, whatever was recorded.
    expect(index.rows.get(signedIn.userName)?.invitationSentAt).toBeNull();
    // Invited before the record was kept: none (the list falls back on Cognito's dates).
    expect(index.rows.get(older.userName)?.invitationSentAt).toBeNull();
    // Sent again: the next sync carries the new time.
    const again = new Date('2026-11-21T08:00:00.000Z');
    await invitations.recordSent(invited.userName, again);
    await syncIndexedUser(sync, invited.userName);
    expect(index.rows.get(invited.userName)?.invitationSentAt).toBe(again.toISOString());
  });
});
