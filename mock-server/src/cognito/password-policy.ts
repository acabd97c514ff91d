import { randomInt } from 'node:crypto';
import type { UserPool } from 'cognito-local/lib/services/userPoolService.js';
import { cognitoError } from './errors';

/** The characters Cognito counts as symbols (its password policy documentation). */
export const COGNITO_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

export interface PasswordPolicy {
  MinimumLength: number;
  RequireUppercase: boolean;
  RequireLowercase: boolean;
  RequireNumbers: boolean;
  RequireSymbols: boolean;
  TemporaryPasswordValidityDays: number;
}

/** The pool's policy with Cognito's defaults for what it leaves out. */
export const passwordPolicy = (pool: UserPool): PasswordPolicy => {
  const p = pool.Policies?.PasswordPolicy;
  return {
    MinimumLength: p?.MinimumLength ?? 8,
    RequireUppercase: p?.RequireUppercase ?? true,
    RequireLowercase: p?.RequireLowercase ?? true,
    RequireNumbers: p?.RequireNumbers ?? true,
    RequireSymbols: p?.RequireSymbols ?? true,
    TemporaryPasswordValidityDays: p?.TemporaryPasswordValidityDays ?? 7,
  };
};

const hasSymbol = (password: string) => {
  for (const c of password) if (COGNITO_SYMBOLS.includes(c)) return true;
  return false;
};

/** Length in characters (code points), as a person counts them. */
const length = (password: string) =>
  password.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;

/**
 * The first rule `password` breaks (letters count only from Basic Latin, as in Cognito), worded as
 * Cognito's InvalidPasswordException, or undefined.
 */
export const policyViolation = (policy: PasswordPolicy, password: string): string | undefined => {
  // Cognito words it so for every operation that sets a password except SignUp, which the
  // console never uses (admin-only sign-up).
  const prefix = 'Password does not conform to policy: ';
  if (length(password) < policy.MinimumLength) return `${prefix}Password not long enough`;
  if (policy.RequireLowercase && !/[a-z]/.test(password)) {
    return `${prefix}Password must have lowercase characters`;
  }
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) {
    return `${prefix}Password must have uppercase characters`;
  }
  if (policy.RequireNumbers && !/[0-9]/.test(password)) {
    return `${prefix}Password must have numeric characters`;
  }
  if (policy.RequireSymbols && !hasSymbol(password)) {
    return `${prefix}Password must have symbol characters`;
  }
  return undefined;
};

/** Throws Cognito's InvalidPasswordException when `password` breaks the pool's policy. */
export const enforcePasswordPolicy = (pool: UserPool, password: string) => {
  const violation = policyViolation(passwordPolicy(pool), password);
  if (violation !== undefined) throw cognitoError('InvalidPasswordException', violation);
};

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@^_';

const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length));

/**
 * A temporary password that satisfies the pool's policy, from a CSPRNG: at least 12 characters
 * (or the policy's minimum), one of each class Cognito generates.
 */
export const generateTemporaryPassword = (pool: UserPool): string => {
  const policy = passwordPolicy(pool);
  const length = Math.max(12, policy.MinimumLength);
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
};
