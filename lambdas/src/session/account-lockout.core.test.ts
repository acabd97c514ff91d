import { describe, expect, it } from 'vitest';
import { TooManyRequestsError, ValidationError } from '../core/errors';
import type { AuthEvent } from '../core/ports/user-directory';
import { fakeUser, FakeUserDirectory, type FakeUser } from '../core/testing/fake-user-directory';
import {
  FakeAccountLocks,
  FakeAuditTrail,
  FakeClock,
  publicContext,
  silentLogger,
} from '../core/testing/fakes';
import { userWritesFor } from '../testing/user-writes';
import { accountLockout, LOCKOUT_MIN_RESPONSE_MS } from './account-lockout.core';

const CLIENT = 'webclient123';
const EMAIL = 'user1@example.com';

/** Events oldest first, one minute apart, ending just before the fake clock's now. */
const history = (clock: FakeClock, ...kinds: string[]): AuthEvent[] =>
  kinds.map((kind, i) => {
    const [type, response] = kind.includes(':') ? kind.split(':') : ['SignIn', kind];
    return {
      type: type ?? 'SignIn',
      response: response ?? kind,
      at: new Date(clock.now().getTime() - (kinds.length - i) * 60_000),
    };
  });

const setup = (user?: Partial<FakeUser>, threshold = 5) => {
  const clock = new FakeClock();
  const directory = new FakeUserDirectory(user === undefined ? [] : [fakeUser(1, user)]);
  const locks = new FakeAccountLocks();
  const audit = new FakeAuditTrail();
  const { writes } = userWritesFor(directory, { audit, locks, clock });
  const deps = {
    directory,
    locks,
    audit,
    writes,
    logger: silentLogger(),
    clock,
    sleep: clock.sleep,
    webClientId: CLIENT,
    threshold,
  };
  const call = (email = EMAIL, clientId = CLIENT) =>
    accountLockout({ clientId, email }, publicContext(), deps);
  return { clock, directory, deps, call, user: directory.users[0] };
};

describe('accountLockout', () => {
  it('refuses any client but the console’s web client with 400 naming clientId', async () => {
    const { call } = setup({});
    const err = await call(EMAIL, 'someOtherClient').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fields?.[0]?.path).toBe('clientId');
  });

  it('locks nothing for an account without failed sign-ins: nobody can lock a stranger out', async () => {
    const { call, directory, deps, user } = setup({});
    for (let i = 0; i < 10; i += 1) expect(await call()).toEqual({ locked: false });
    expect(user?.enabled).toBe(true);
    expect(directory.calls).not.toContain('disableUser');
    expect(deps.audit.entries).toEqual([]);
    expect(deps.locks.locks.size).toBe(0);
  });

  it('does not lock below the threshold', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail'));
    expect(await t.call()).toEqual({ locked: false });
    expect(t.user?.enabled).toBe(true);
  });

  it('locks at the threshold: disabled, signed out, lock recorded with its reason, audited', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Pass', 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    const start = t.clock.now();
    expect(await t.call()).toEqual({ locked: true });
    const userName = t.user?.userName ?? '';
    expect(t.user?.enabled).toBe(false);
    expect(t.directory.signedOut).toEqual([userName]);
    expect(t.deps.locks.locks.get(userName)).toEqual({
      userName,
      lockedAt: start,
      failedSignIns: 5,
      reason: 'locked by lockout: 5 consecutive failed sign-ins (threshold 5)',
      releasedAt: null,
    });
    expect(t.deps.audit.entries.filter((e) => e.action === 'account.locked')).toEqual([
      {
        action: 'account.locked',
        outcome: 'success',
        actor: null,
        target: { type: 'user', id: userName, label: EMAIL },
        // The account's organisation: its OrgAdmin reads the record.
        organisationId: 'site-001',
        source: { ip: '203.0.113.7', userAgent: 'vitest' },
        requestId: 'req-1',
        before: { enabled: true },
        after: { enabled: false },
        reason: '5 consecutive failed sign-ins (threshold 5)',
      },
    ]);
  });

  it('takes the threshold from its configuration', async () => {
    const t = setup({}, 3);
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail'));
    expect(await t.call()).toEqual({ locked: true });
  });

  it('counts only failures since the last success or password change', async () => {
    const afterSignIn = setup({});
    afterSignIn.user?.authEvents.push(
      ...history(afterSignIn.clock, 'Fail', 'Fail', 'Fail', 'Pass', 'Fail', 'Fail', 'Fail', 'Fail'),
    );
    expect(await afterSignIn.call()).toEqual({ locked: false });

    const afterReset = setup({});
    afterReset.user?.authEvents.push(
      ...history(afterReset.clock, 'Fail', 'Fail', 'Fail', 'PasswordChange:Pass', 'Fail', 'Fail'),
    );
    expect(await afterReset.call()).toEqual({ locked: false });
  });

  it('neither counts nor resets on sign-ins still in progress or other events', async () => {
    const t = setup({});
    t.user?.authEvents.push(
      ...history(
        t.clock,
        'Fail',
        'InProgress',
        'Fail',
        'ForgotPassword:Pass',
        'Fail',
        'Fail',
        'Fail',
      ),
    );
    expect(await t.call()).toEqual({ locked: true });
  });

  it('reads further pages of auth events when the streak goes back that far', async () => {
    const t = setup({});
    const kinds = [...Array<string>(5).fill('Fail'), ...Array<string>(70).fill('ResendCode:Pass')];
    t.user?.authEvents.push(...history(t.clock, ...kinds));
    expect(await t.call()).toEqual({ locked: true });
    expect(t.directory.calls.filter((c) => c === 'listAuthEvents')).toHaveLength(2);
  });

  it('records each real failed sign-in once, oldest first, however often it is reported', async () => {
    const t = setup({ organisationId: 'site-001' });
    t.user?.authEvents.push(...history(t.clock, 'Pass', 'Fail', 'Fail'));
    expect(await t.call()).toEqual({ locked: false });
    expect(await t.call()).toEqual({ locked: false });
    const failed = t.deps.audit.entries.filter((e) => e.action === 'session.login-failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      outcome: 'failure',
      actor: null,
      target: { type: 'user', id: t.user?.userName, label: t.user?.email },
      organisationId: 'site-001',
      source: { ip: '203.0.113.7' },
    });
    const times = failed.map((e) => /at (\S+)\)$/.exec(e.reason ?? '')?.[1] ?? '');
    expect(times).toEqual([...times].sort());
    // A new failure is recorded on its own; an account without failures records nothing.
    t.user?.authEvents.push({ type: 'SignIn', response: 'Fail', at: t.clock.now() });
    await t.call();
    expect(t.deps.audit.actions().filter((a) => a === 'session.login-failed')).toHaveLength(3);
  });

  it('answers locked for an account it locked, without touching it again', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    await t.call();
    t.directory.calls.length = 0;
    expect(await t.call()).toEqual({ locked: true });
    expect(t.directory.calls).toEqual(['getUser']);
    expect(t.deps.audit.actions().filter((a) => a === 'account.locked')).toHaveLength(1);
  });

  it('answers not locked for a disabled account that it did not lock', async () => {
    const t = setup({ enabled: false });
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    expect(await t.call()).toEqual({ locked: false });
  });

  it('after an unlock counts only the failures since the lock', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    await t.call();
    // The administrator unlocks: enables the user and releases the lock.
    const userName = t.user?.userName ?? '';
    if (t.user) t.user.enabled = true;
    await t.deps.locks.release(userName, t.clock.now());
    t.clock.advance(60_000);
    t.user?.authEvents.push({ type: 'SignIn', response: 'Fail', at: t.clock.now() });
    t.clock.advance(60_000);
    expect(await t.call()).toEqual({ locked: false });
    for (let i = 0; i < 4; i += 1) {
      t.user?.authEvents.push({ type: 'SignIn', response: 'Fail', at: t.clock.now() });
      t.clock.advance(1000);
    }
    expect(await t.call()).toEqual({ locked: true });
    expect(t.deps.locks.locks.get(userName)?.releasedAt).toBeNull();
    expect(t.deps.audit.actions().filter((a) => a === 'account.locked')).toEqual([
      'account.locked',
      'account.locked',
    ]);
  });

  it('after an unlock does not count failures made while the account was locked', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    await t.call();
    const userName = t.user?.userName ?? '';
    // Attempts against the disabled account, then the administrator's unlock.
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      t.user?.authEvents.push({ type: 'SignIn', response: 'Fail', at: t.clock.now() });
    }
    t.clock.advance(1000);
    if (t.user) t.user.enabled = true;
    await t.deps.locks.release(userName, t.clock.now());
    t.clock.advance(1000);
    t.user?.authEvents.push({ type: 'SignIn', response: 'Fail', at: t.clock.now() });
    expect(await t.call()).toEqual({ locked: false });
  });

  it('locks once when two calls race for the same streak', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    const [a, b] = await Promise.all([t.call(), t.call()]);
    expect([a, b]).toEqual([{ locked: true }, { locked: true }]);
    expect(t.directory.calls.filter((c) => c === 'disableUser')).toHaveLength(1);
    expect(t.deps.audit.actions().filter((a) => a === 'account.locked')).toHaveLength(1);
  });

  it('never locks out the last enabled PlatformAdmin, and records the refusal once', async () => {
    const t = setup({ role: 'PlatformAdmin', organisationId: null });
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    expect(await t.call()).toEqual({ locked: false });
    expect(t.user?.enabled).toBe(true);
    expect(t.deps.audit.entries.filter((e) => e.action === 'account.locked')).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        reason: expect.stringContaining(
          'The last enabled PlatformAdmin is not locked out.',
        ) as unknown,
      }),
    ]);
    // The same failures are not judged again; five new ones are.
    expect(await t.call()).toEqual({ locked: false });
    expect(t.deps.audit.actions().filter((a) => a === 'account.locked')).toHaveLength(1);
    // With another PlatformAdmin enabled, the streak locks as for anyone.
    t.directory.users.push(fakeUser(2, { role: 'PlatformAdmin', organisationId: null }));
    t.clock.advance(10 * 60_000);
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    expect(await t.call()).toEqual({ locked: true });
    expect(t.user?.enabled).toBe(false);
  });

  it('answers an unknown e-mail like an unlocked account, after the same Cognito calls', async () => {
    const known = setup({});
    const unknown = setup({});
    expect(await known.call()).toEqual({ locked: false });
    expect(await unknown.call('nobody@example.com')).toEqual({ locked: false });
    expect(unknown.directory.calls).toEqual(known.directory.calls);
    expect(unknown.directory.calls).toEqual(['getUser', 'listAuthEvents']);
  });

  it('answers not locked when Cognito throttles', async () => {
    const t = setup({});
    t.user?.authEvents.push(...history(t.clock, 'Fail', 'Fail', 'Fail', 'Fail', 'Fail'));
    t.directory.failWith = new TooManyRequestsError();
    expect(await t.call()).toEqual({ locked: false });
    t.directory.failWith = null;
    expect(t.user?.enabled).toBe(true);
  });

  it('answers no sooner than its minimum duration, whatever the account', async () => {
    const t = setup({});
    await t.call('nobody@example.com');
    expect(t.clock.slept).toEqual([LOCKOUT_MIN_RESPONSE_MS]);
  });

  it('takes the same time for an unknown e-mail as for an account with or without failures', async () => {
    const answers = [];
    for (const [user, failures] of [
      [undefined, 0],
      [{}, 0],
      [{}, 3],
      [{ enabled: false }, 5],
    ] as const) {
      const t = setup(user);
      t.user?.authEvents.push(...history(t.clock, ...Array<string>(failures).fill('Fail')));
      const started = t.clock.now().getTime();
      answers.push(await t.call());
      expect(t.clock.now().getTime() - started).toBe(LOCKOUT_MIN_RESPONSE_MS);
    }
    expect(answers).toEqual(answers.map(() => ({ locked: false })));
  });
});
