import { describe, expect, it } from 'vitest';
import { ValidationError } from '../core/errors';
import { TOTP_MFA } from '../core/ports/user-directory';
import { fakeUser, FakeUserDirectory } from '../core/testing/fake-user-directory';
import {
  FakeAuditTrail,
  FakeClock,
  FakeMailer,
  FakeTotpResetTickets,
  publicContext,
  silentLogger,
} from '../core/testing/fakes';
import { forgetTotp, TOTP_RESET_LIFETIME_MS } from './forget-totp.core';
import {
  forgetTotpConfirm,
  type ForgetTotpConfirmDeps,
  INVALID_LINK_MESSAGE,
} from './forget-totp-confirm.core';
import { userWritesFor } from '../testing/user-writes';

const CLIENT = 'webclient123';

/** A user asks for the link through forget-totp; the test reads the token from the mail. */
const setup = async (email = 'user1@example.com') => {
  const clock = new FakeClock();
  const directory = new FakeUserDirectory([fakeUser(1)]);
  const tickets = new FakeTotpResetTickets();
  const mailer = new FakeMailer();
  const audit = new FakeAuditTrail();
  const logger = silentLogger();
  await forgetTotp({ clientId: CLIENT, email }, publicContext({ host: 'localhost:3000' }), {
    directory,
    tickets,
    mailer,
    audit,
    logger,
    clock,
    sleep: clock.sleep,
    webClientId: CLIENT,
    allowedOrigins: [],
  });
  const token = /token=([A-Za-z0-9_-]+)/.exec(mailer.sent[0]?.text ?? '')?.[1] ?? '';
  const { writes } = userWritesFor(directory, { audit, clock, tickets });
  const journaled: ForgetTotpConfirmDeps['writes'] = writes;
  const deps = { directory, tickets, mailer, writes: journaled, clock, logger };
  const confirm = (t = token) => forgetTotpConfirm({ token: t }, publicContext(), deps);
  return { token, deps, writes, audit, confirm, user: directory.users[0] };
};

const invalid = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  expect((err as ValidationError).message).toBe(INVALID_LINK_MESSAGE);
  expect((err as ValidationError).fields?.[0]?.path).toBe('token');
};

describe('forget-totp/confirm', () => {
  it('removes the authenticator, ends every session, audits and tells the user', async () => {
    const t = await setup();
    expect(t.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.confirm()).toEqual({ authenticatorRemoved: true });
    expect(t.user?.mfaMethods).toEqual([]);
    expect(t.user?.preferredMfa).toBeNull();
    expect(t.deps.directory.signedOut).toEqual([t.user?.userName]);
    expect(t.audit.entries.at(-1)).toMatchObject({
      action: 'mfa.reset',
      outcome: 'success',
      actor: null,
      target: { type: 'user', id: t.user?.userName, label: 'user1@example.com' },
      before: { mfaMethods: [TOTP_MFA] },
      after: { mfaMethods: [] },
    });
    expect(JSON.stringify(t.audit.entries)).not.toContain(t.token);
    const notice = t.deps.mailer.sent.at(-1);
    expect(notice?.to).toBe('user1@example.com');
    expect(notice?.subject).toBe('Your authenticator app was removed');
  });

  it('works once', async () => {
    const t = await setup();
    await t.confirm();
    await invalid(t.confirm());
    expect(t.audit.actions().filter((a) => a === 'mfa.reset')).toHaveLength(1);
  });

  it('expires after 15 minutes', async () => {
    const t = await setup();
    t.deps.clock.advance(TOTP_RESET_LIFETIME_MS);
    await invalid(t.confirm());
    expect(t.user?.mfaMethods).toEqual([TOTP_MFA]);
  });

  it('refuses a token it never issued', async () => {
    const t = await setup();
    await invalid(t.confirm('x'.repeat(43)));
    expect(t.deps.directory.calls).not.toContain('disableTotp');
  });

  it('does nothing for an account disabled since the link was sent', async () => {
    const t = await setup();
    if (t.user) t.user.enabled = false;
    await invalid(t.confirm());
    expect(t.user?.mfaMethods).toEqual([TOTP_MFA]);
  });

  it('still answers success when only the notice e-mail fails (logged)', async () => {
    const t = await setup();
    t.deps.mailer.failWith = new Error('SES down');
    expect(await t.confirm()).toEqual({ authenticatorRemoved: true });
    expect(t.deps.logger.errors).toHaveLength(1);
  });

  it('leaves the link usable when the removal could not begin, and spends it once it does', async () => {
    const t = await setup();
    t.deps.writes = {
      run: () => Promise.reject(new Error('the journal is down')),
    };
    await expect(t.confirm()).rejects.toThrow('the journal is down');
    expect(t.user?.mfaMethods).toContain('SOFTWARE_TOKEN_MFA');
    t.deps.writes = t.writes;
    await expect(t.confirm()).resolves.toEqual({ authenticatorRemoved: true });
    await invalid(t.confirm());
  });
});
