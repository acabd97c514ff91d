import { describe, expect, it } from 'vitest';
import { ValidationError } from '../core/errors';
import { fakeUser, FakeUserDirectory } from '../core/testing/fake-user-directory';
import {
  FakeAuditTrail,
  FakeClock,
  FakeMailer,
  FakeTotpResetTickets,
  publicContext,
  sha256Hex,
  silentLogger,
} from '../core/testing/fakes';
import { FORGET_TOTP_MIN_RESPONSE_MS, forgetTotp, linkOrigin } from './forget-totp.core';

const CLIENT = 'webclient123';
const TOKEN = 'tok_'.padEnd(43, 'x');
const CONSOLE = 'https://console.example';

const setup = (allowedOrigins: string[] = [CONSOLE]) => {
  const clock = new FakeClock();
  const directory = new FakeUserDirectory([fakeUser(1), fakeUser(2, { enabled: false })]);
  const deps = {
    directory,
    tickets: new FakeTotpResetTickets(),
    mailer: new FakeMailer(),
    audit: new FakeAuditTrail(),
    logger: silentLogger(),
    clock,
    sleep: clock.sleep,
    webClientId: CLIENT,
    allowedOrigins,
    newToken: () => TOKEN,
  };
  const call = (email: string, ctx = publicContext(), clientId = CLIENT) =>
    forgetTotp({ clientId, email }, ctx, deps);
  return { clock, directory, deps, call };
};

describe('forget-totp', () => {
  it('e-mails an existing, enabled account a single-use link, storing only its hash', async () => {
    const t = setup();
    const start = t.clock.now();
    expect(await t.call('user1@example.com')).toEqual({ requested: true });
    expect(t.deps.mailer.sent).toHaveLength(1);
    const mail = t.deps.mailer.sent[0];
    expect(mail?.to).toBe('user1@example.com');
    expect(mail?.text).toContain(`${CONSOLE}/forgot-totp-qr-code?token=${TOKEN}`);
    expect([...t.deps.tickets.tickets.values()]).toEqual([
      {
        tokenHash: sha256Hex(TOKEN),
        userName: t.directory.users[0]?.userName,
        issuedAt: start,
        expiresAt: new Date(start.getTime() + 15 * 60 * 1000),
      },
    ]);
    expect(JSON.stringify([...t.deps.tickets.tickets.values()])).not.toContain(TOKEN);
    expect(t.deps.audit.actions()).toEqual(['mfa.reset-requested']);
    expect(JSON.stringify(t.deps.audit.entries)).not.toContain(TOKEN);
  });

  it('answers unknown and disabled accounts the same, in the same time, and sends nothing', async () => {
    const known = setup();
    const answer = await known.call('user1@example.com');
    for (const email of ['nobody@example.com', 'user2@example.com']) {
      const t = setup();
      expect(await t.call(email)).toEqual(answer);
      expect(t.deps.mailer.sent).toEqual([]);
      expect(t.deps.tickets.tickets.size).toBe(0);
      expect(t.deps.audit.entries).toEqual([]);
      expect(t.clock.slept).toEqual(known.clock.slept);
    }
    expect(known.clock.slept).toEqual([FORGET_TOTP_MIN_RESPONSE_MS]);
  });

  it('answers the same when something fails on the way, and logs it', async () => {
    const t = setup();
    t.deps.mailer.failWith = new Error('SES down');
    expect(await t.call('user1@example.com')).toEqual({ requested: true });
    expect(t.deps.logger.errors).toHaveLength(1);
  });

  it('refuses any client but the console’s web client', async () => {
    const t = setup();
    const err = await t
      .call('user1@example.com', publicContext(), 'other')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(t.deps.mailer.sent).toEqual([]);
  });
});

describe('linkOrigin', () => {
  const ctx = (origin: string | null, host: string | null = 'api.example') =>
    publicContext({ origin, host });

  it('uses the request’s console origin only when it is allowed, else the first allowed one', () => {
    const allowed = [CONSOLE, 'https://other-console.example'];
    expect(linkOrigin(ctx('https://other-console.example'), allowed)).toBe(
      'https://other-console.example',
    );
    expect(linkOrigin(ctx('https://evil.example'), allowed)).toBe(CONSOLE);
    expect(linkOrigin(ctx(null), allowed)).toBe(CONSOLE);
  });

  it('offline (no allowed origins: one shared origin) uses the request’s own origin or host', () => {
    expect(linkOrigin(ctx('http://localhost:3000'), [])).toBe('http://localhost:3000');
    expect(linkOrigin(ctx(null, 'localhost:3000'), [])).toBe('http://localhost:3000');
    expect(() => linkOrigin(ctx(null, null), [])).toThrow();
  });
});
