import { describe, expect, it } from 'vitest';
import { TOTP_MFA } from '../../ports/user-directory';
import { fakeUser, FakeUserDirectory } from '../../testing/fake-user-directory';
import { FakeAccountLocks, FakeUserIndex, silentLogger } from '../../testing/fakes';
import { IndexedUserDirectory, rebuildUserIndex, syncIndexedUser } from './user-index-sync';

const setUp = (users = [fakeUser(1), fakeUser(2, { mfaMethods: [], preferredMfa: null })]) => {
  const inner = new FakeUserDirectory(users);
  const locks = new FakeAccountLocks();
  const index = new FakeUserIndex();
  const logger = silentLogger();
  const directory = new IndexedUserDirectory(inner, { locks, index, logger });
  const first = inner.users[0];
  if (first === undefined) throw new Error('no users');
  return { inner, locks, index, logger, directory, first };
};

describe('the user index kept in step', () => {
  it('rebuilds from the directory: every user, the enrolment, stale rows removed, marked built', async () => {
    const { inner, locks, index } = setUp();
    index.rows.set('gone', { ...fakeUser(9), userName: 'gone', mfaEnrolled: true, locked: false });
    const result = await rebuildUserIndex({ directory: inner, locks, index });
    expect(result).toEqual({ users: 2, removed: 1, written: 2 });
    expect([...index.rows.values()].map((r) => [r.email, r.mfaEnrolled])).toEqual([
      ['user1@example.com', true],
      ['user2@example.com', false],
    ]);
    expect(index.built).toBe(true);
    // A second rebuild finds every row right and writes nothing.
    expect(await rebuildUserIndex({ directory: inner, locks, index })).toEqual({
      users: 2,
      removed: 0,
      written: 0,
    });
  });

  it('syncs a changed user after each change made through the directory', async () => {
    const { directory, index } = setUp();
    const created = await directory.createUser({
      email: 'new@example.com',
      givenName: 'New',
      familyName: 'User',
      phoneNumber: null,
      organisationId: 'site-001',
    });
    expect(index.rows.get(created.userName)).toMatchObject({
      email: 'new@example.com',
      enabled: true,
    });
    await directory.disableUser(created.userName);
    expect(index.rows.get(created.userName)?.enabled).toBe(false);
    await directory.enableUser(created.userName);
    expect(index.rows.get(created.userName)?.enabled).toBe(true);
    await directory.updateAttributes(created.userName, { givenName: 'Renamed' });
    expect(index.rows.get(created.userName)?.givenName).toBe('Renamed');
    await directory.deleteUser('new@example.com');
    expect(index.rows.has(created.userName)).toBe(false);
  });

  it('records a lockout as locked, and an enabled user as not locked', async () => {
    const { locks, index, directory, first: user } = setUp();
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
    await directory.disableUser(user.userName);
    expect(index.rows.get(user.userName)).toMatchObject({ enabled: false, locked: true });
    await directory.enableUser(user.userName);
    expect(index.rows.get(user.userName)).toMatchObject({ enabled: true, locked: false });
  });

  it('syncs the removal of the authenticator app', async () => {
    const { first, index, directory } = setUp();
    await directory.disableTotp(first.userName);
    expect(index.rows.get(first.userName)?.mfaEnrolled).toBe(false);
    expect(first.mfaMethods).not.toContain(TOTP_MFA);
  });

  it('never fails the change when the index cannot be written, and logs it', async () => {
    const { first, index, logger, directory } = setUp();
    index.failWith = new Error('dynamodb down');
    await directory.disableUser(first.userName);
    expect(first.enabled).toBe(false);
    expect(logger.errors).toHaveLength(1);
  });

  it('keeps the newer state when an older sync finishes last', async () => {
    const { inner, locks, index, first: user } = setUp();
    await syncIndexedUser({ directory: inner, locks, index }, user.userName);
    const current = index.rows.get(user.userName);
    if (current === undefined) throw new Error('not synced');
    const newer = {
      ...current,
      givenName: 'Newer',
      updatedAt: new Date('2030-01-01'),
    };
    await index.put(newer);
    await syncIndexedUser({ directory: inner, locks, index }, user.userName);
    expect(index.rows.get(user.userName)?.givenName).toBe('Newer');
  });
});
