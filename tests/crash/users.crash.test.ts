import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../support/aws';
import { type CrashConsole, killedAt, stepsOf } from './crash-console';
import { ONCE, ORG, startUserWrites, type Users } from './crash-users';

/**
 * The user-management writes (issue 12's journal; the sign-in writes: sign-in.crash.test.ts) killed at each of their steps by a
 * failpoint (issue 32), as the credential and document writes are: after each restart the account
 * is exactly what the call asked for — in Cognito, in the user list, and recorded exactly once —
 * and nothing is left in the journal.
 */
describe('user writes killed at every step', () => {
  let console: CrashConsole;
  let users: Users;

  beforeAll(async () => {
    ({ console, users } = await startUserWrites());
  }, 180_000);

  afterAll(async () => {
    await console.dispose();
  });

  const settled = async () => {
    expect(await console.settled()).toEqual({ journal: [], outbox: [] });
  };

  it('create-user: the account, its role group, the invitation, listed and recorded once', async () => {
    const steps = await stepsOf(console, 'user.create', () =>
      users.invite(`crash-user-${randomUUID().slice(0, 8)}@example.com`),
    );
    expect(steps[0]).toBe('journal:user.create:begun');
    expect(steps).toEqual(
      expect.arrayContaining(['journal:user.create:create', 'journal:user.create:group']),
    );
    for (const step of steps) {
      const email = `crash-user-${randomUUID().slice(0, 8)}@example.com`;
      await killedAt(console, step, () => users.invite(email));
      await settled();
      const state = await users.stateOf(email, 'user.created');
      // Recorded before its first step: finished at the start, whole.
      expect(state, step).toMatchObject({
        exists: true,
        status: 'FORCE_CHANGE_PASSWORD',
        groups: ['OrgAdmin'],
        listed: [{ role: 'OrgAdmin', enabled: true }],
        recorded: ONCE,
      });
      // Cognito's mail goes through SMTP: a moment for the inbox.
      let invitation = false;
      for (let i = 0; i < 100 && !invitation; i += 1) {
        invitation = (await mailTo(console.info, email)).some((m) =>
          /temporary password/u.test(m.text),
        );
        if (!invitation) await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(invitation, step).toBe(true);
    }
  }, 600_000);

  const statusWrites = [
    {
      op: 'disable-user',
      kind: 'user.disable',
      action: 'user.disabled',
      before: async () => users.invited(),
      after: { enabled: false, listed: [{ role: 'OrgAdmin', enabled: false }] },
    },
    {
      op: 'enable-user',
      kind: 'user.enable',
      action: 'user.enabled',
      before: async () => {
        const u = await users.invited();
        expect(
          (await users.call('disable-user', { userName: u.userName, userRole: 'OrgAdmin' })).status,
        ).toBe(200);
        return u;
      },
      after: { enabled: true, listed: [{ role: 'OrgAdmin', enabled: true }] },
    },
    {
      op: 'delete-user',
      kind: 'user.delete',
      action: 'user.deleted',
      before: async () => users.invited(),
      after: { exists: false, listed: [] },
    },
    {
      op: 'resend-invitation',
      kind: 'user.resend-invitation',
      action: 'user.invitation-resent',
      before: async () => users.invited(),
      after: { exists: true, status: 'FORCE_CHANGE_PASSWORD' },
    },
  ] as const;

  it.each(statusWrites)(
    '$op: the account as asked, listed and recorded once',
    async ({ op, kind, action, before, after }) => {
      const first = await before();
      const steps = await stepsOf(console, kind, () =>
        users.call(op, { userName: first.userName, userRole: 'OrgAdmin' }),
      );
      expect(steps[0]).toBe(`journal:${kind}:begun`);
      expect(steps.length).toBeGreaterThan(2);
      for (const step of steps) {
        const u = await before();
        await killedAt(console, step, () =>
          users.call(op, { userName: u.userName, userRole: 'OrgAdmin' }),
        );
        await settled();
        const state = await users.stateOf(u.email, action);
        expect(state, step).toMatchObject({ ...after, recorded: ONCE });
      }
    },
    600_000,
  );

  it('update-user: a role change moves the group, listed and recorded once', async () => {
    const change = (userName: string) =>
      users.call('update-user', {
        userName,
        userAttributes: { givenName: 'Changed', role: 'Auditor', organisationId: ORG },
      });
    const first = await users.invited();
    const steps = await stepsOf(console, 'user.update', () => change(first.userName));
    expect(steps[0]).toBe('journal:user.update:begun');
    for (const step of steps) {
      const u = await users.invited();
      await killedAt(console, step, () => change(u.userName));
      await settled();
      expect(await users.stateOf(u.email, 'user.updated'), step).toMatchObject({
        groups: ['Auditor'],
        listed: [{ role: 'Auditor', enabled: true }],
        recorded: ONCE,
      });
    }
  }, 600_000);
});
