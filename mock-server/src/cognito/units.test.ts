import type { UserPool } from 'cognito-local/lib/services/userPoolService.js';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  COGNITO_SYMBOLS,
  generateTemporaryPassword,
  passwordPolicy,
  policyViolation,
} from './password-policy';
import { SessionStore } from './sessions';
import { matchTotp, newTotpSecret, TOTP_STEP_SECONDS } from './totp';

const pool = (policy?: Partial<ReturnType<typeof passwordPolicy>>): UserPool => ({
  Id: 'local_x',
  Policies: policy ? { PasswordPolicy: policy } : undefined,
});

describe('the password policy', () => {
  const console = passwordPolicy(
    pool({ MinimumLength: 8, RequireSymbols: false, RequireNumbers: true }),
  );

  it("names the first rule broken, in Cognito's words", () => {
    const prefix = 'Password does not conform to policy: ';
    expect(policyViolation(console, 'Ab1')).toBe(`${prefix}Password not long enough`);
    expect(policyViolation(console, 'ABCDEFG1')).toBe(
      `${prefix}Password must have lowercase characters`,
    );
    expect(policyViolation(console, 'abcdefg1')).toBe(
      `${prefix}Password must have uppercase characters`,
    );
    expect(policyViolation(console, 'Abcdefgh')).toBe(
      `${prefix}Password must have numeric characters`,
    );
    expect(policyViolation(console, 'Abcdefg1')).toBeUndefined();
    const strict = passwordPolicy(pool());
    expect(policyViolation(strict, 'Abcdefg1')).toBe(
      `${prefix}Password must have symbol characters`,
    );
    for (const symbol of COGNITO_SYMBOLS) {
      expect(policyViolation(strict, `Abcdefg1${symbol}x`)).toBeUndefined();
    }
  });

  it('generates temporary passwords that satisfy the strictest default policy, never twice', () => {
    const strict = pool({ MinimumLength: 14 });
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = generateTemporaryPassword(strict);
      expect(password.length).toBeGreaterThanOrEqual(14);
      expect(policyViolation(passwordPolicy(strict), password)).toBeUndefined();
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe('TOTP', () => {
  /** The code an authenticator app shows during `step`. */
  const codeAt = (secret: string, step: number) =>
    generateSync({ secret, epoch: step * TOTP_STEP_SECONDS });

  it('accepts the RFC 6238 SHA-1 test vectors at their times', () => {
    // RFC 6238 appendix B: secret "12345678901234567890" (base32 below), 8 digits there; the
    // low 6 here, as Cognito's codes have 6.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(matchTotp(secret, '287082', 59_000)).toBe(1);
    expect(matchTotp(secret, '081804', 1_111_111_109_000)).toBe(Math.floor(1111111109 / 30));
    expect(matchTotp(secret, '279037', 2_000_000_000_000)).toBe(Math.floor(2000000000 / 30));
  });

  it('makes secrets like Cognito SecretCode: 52 base32 characters, new each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{52}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts one step of drift either side and reports the step matched', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, codeAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, codeAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(secret, step - 2), now)).toBeUndefined();
    expect(matchTotp(secret, codeAt(secret, step + 2), now)).toBeUndefined();
    // At the very start and end of a step the window is still the step and its two neighbours.
    expect(matchTotp(secret, codeAt(secret, step - 1), step * 30_000)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(secret, step + 1), step * 30_000 + 29_999)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(secret, step + 2), step * 30_000 + 29_999)).toBeUndefined();
  });

  it('matches nothing for a malformed code or secret', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined();
    expect(matchTotp(secret, '12345', now)).toBeUndefined();
    expect(matchTotp('not base32!', '123456', now)).toBeUndefined();
  });
});

describe('challenge sessions', () => {
  let now = 1_000_000;
  const store = new SessionStore({ get: () => new Date(now) });
  const issue = () =>
    store.issue({
      poolId: 'local_x',
      clientId: 'web',
      username: 'u',
      challenge: 'SOFTWARE_TOKEN_MFA',
      data: {},
    });

  it('are bound to client and challenge', () => {
    const id = issue();
    expect(() => store.peek(id, 'other', ['SOFTWARE_TOKEN_MFA'])).toThrow(
      'Invalid session for the user.',
    );
    expect(() => store.peek(id, 'web', ['MFA_SETUP'])).toThrow('Invalid session for the user.');
    expect(store.peek(id, 'web', ['SOFTWARE_TOKEN_MFA']).username).toBe('u');
    expect(() => store.peek('made-up', 'web', ['SOFTWARE_TOKEN_MFA'])).toThrow(
      'Invalid session for the user.',
    );
  });

  it('are single-use', () => {
    const id = issue();
    store.consume(id);
    expect(() => store.peek(id, 'web', ['SOFTWARE_TOKEN_MFA'])).toThrow(
      'Invalid session for the user, session can only be used once.',
    );
  });

  it('expire after three minutes', () => {
    const id = issue();
    now += 3 * 60 * 1000 - 1;
    expect(store.peek(id, 'web', ['SOFTWARE_TOKEN_MFA']).username).toBe('u');
    now += 1;
    expect(() => store.peek(id, 'web', ['SOFTWARE_TOKEN_MFA'])).toThrow(
      'Invalid session for the user, session is expired.',
    );
  });
});
