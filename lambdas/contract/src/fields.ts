import * as z from 'zod';
import { PASSWORD_POLICY } from './password-policy';

/**
 * Field rules of SPEC §5, shared by the web forms and the server so that both say the same thing.
 * English messages are the spec's own; the web app translates them by `code` where it shows them.
 */

export const MESSAGES = {
  emailFormat: 'Email Address provided is not in the correct format',
  identifierChars: 'Only following characters A-Za-z0-9_@.- are allowed.',
  freeTextChars: 'Only following characters A-Za-z0-9_@.,!*=/:|{}[]~-+&;?%#\'()"space are allowed.',
  numberChars: 'Only following number 0-9 are allowed.',
  passwordsDoNotMatch: 'Passwords entered do not match',
  newPasswordSameAsCurrent: 'New password can not be same as current password',
} as const;

/** A value is blank if it is an empty string or the literal text "undefined" (SPEC §5). */
export const isBlank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || value === '' || value === 'undefined';

export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_@.-]*$/;
// eslint-disable-next-line no-useless-escape -- the spec's list, written out literally
export const FREE_TEXT_PATTERN = /^[A-Za-z0-9_@.,!*=/:|{}\[\]~\-+&;?%#'()" ]*$/;
export const DIGITS_PATTERN = /^[0-9]*$/;
/** Login e-mail: these characters are refused outright (SPEC §5). */
export const EMAIL_DISALLOWED_PATTERN = /[\\'"\s]/;
// A pragmatic address check: local part, one @, a dotted domain with a 2+ letter TLD.
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const PASSWORD_MIN = PASSWORD_POLICY.minLength;
export const PASSWORD_MAX = PASSWORD_POLICY.maxLength;
export const OTP_LENGTH = 6;

/** The e-mail typed at login and on the public recovery screens (SPEC §5, login e-mail). */
export const loginEmailSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'Email cannot be empty')
    .max(254)
    .refine((v) => !EMAIL_DISALLOWED_PATTERN.test(v), MESSAGES.emailFormat)
    .refine((v) => EMAIL_PATTERN.test(v), MESSAGES.emailFormat)
    .transform((v) => v.toLowerCase()),
);

/** An administrator's e-mail as user management stores it: identifier characters only (SPEC §5). */
export const emailSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'Email cannot be empty')
    .max(254)
    .regex(IDENTIFIER_PATTERN, MESSAGES.identifierChars)
    .refine((v) => EMAIL_PATTERN.test(v), MESSAGES.emailFormat)
    .transform((v) => v.toLowerCase()),
);

export const identifierSchema = z.lazy(() =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_@.-]+$/, MESSAGES.identifierChars),
);

export const freeTextSchema = (max: number) =>
  z.string().trim().min(1).max(max).regex(FREE_TEXT_PATTERN, MESSAGES.freeTextChars);

export const digitsSchema = z.lazy(() => z.string().regex(DIGITS_PATTERN, MESSAGES.numberChars));

export const otpSchema = z.lazy(() =>
  z
    .string()
    .length(OTP_LENGTH)
    .regex(/^[0-9]{6}$/, MESSAGES.numberChars),
);

/** The password rules of SPEC §5, each checked on its own so a form can tick them off one by one. */
export const PASSWORD_RULES = {
  length: (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX,
  uppercase: (p: string) => /[A-Z]/.test(p),
  lowercase: (p: string) => /[a-z]/.test(p),
  digit: (p: string) => /[0-9]/.test(p),
  noSpaces: (p: string) => !/\s/.test(p),
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULES;

export const passwordRuleResults = (p: string): Record<PasswordRule, boolean> => ({
  length: PASSWORD_RULES.length(p),
  uppercase: PASSWORD_RULES.uppercase(p),
  lowercase: PASSWORD_RULES.lowercase(p),
  digit: PASSWORD_RULES.digit(p),
  noSpaces: PASSWORD_RULES.noSpaces(p),
});

export const isStrongPassword = (p: string): boolean =>
  Object.values(passwordRuleResults(p)).every(Boolean);

export const newPasswordSchema = z.lazy(() =>
  z
    .string()
    .max(PASSWORD_MAX)
    .refine(isStrongPassword, 'Password does not meet the password policy'),
);

/** Opaque Cognito identifiers: the app client id, user names (sub), pagination tokens. */
export const clientIdSchema = z.lazy(() =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w+]+$/, 'clientId is not a valid app client id'),
);
export { userNameSchema } from './cognito-fields';
export const cursorSchema = z.lazy(() => z.string().min(1).max(4096));
/** ISO-8601 timestamps in responses. */
export const isoDateSchema = z.lazy(() => z.iso.datetime({ offset: true }));
