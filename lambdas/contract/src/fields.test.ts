import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  FREE_TEXT_PATTERN,
  freeTextSchema,
  isBlank,
  isStrongPassword,
  loginEmailSchema,
  MESSAGES,
  passwordRuleResults,
} from './fields';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('SPEC §5 field rules', () => {
  it('login e-mail: format message, and backslash/quote/apostrophe/space refused', () => {
    expect(loginEmailSchema.safeParse('Admin@Example.com').data).toBe('admin@example.com');
    expect(messageOf(loginEmailSchema.safeParse('not-an-email'))).toBe(MESSAGES.emailFormat);
    for (const bad of ['a\\b@x.com', "o'neil@x.com", 'a"b@x.com', 'a b@x.com']) {
      expect(loginEmailSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('identifier e-mail allows only A-Za-z0-9_@.-', () => {
    expect(emailSchema.safeParse('first.last-1_x@site.example').success).toBe(true);
    expect(messageOf(emailSchema.safeParse('first+tag@site.example'))).toBe(
      MESSAGES.identifierChars,
    );
  });

  it('free text allows the listed characters and nothing else', () => {
    expect(FREE_TEXT_PATTERN.test(`Dr. O'Neil (PI) #1 & co; [a]{b}~|/:?%+=*!"-,_@`)).toBe(true);
    expect(messageOf(freeTextSchema(50).safeParse('Müller'))).toBe(MESSAGES.freeTextChars);
    expect(freeTextSchema(50).safeParse('<script>').success).toBe(false);
  });

  it('password rules: 8-64, upper, lower, digit, no spaces', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(passwordRuleResults('abc')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: false,
      noSpaces: true,
    });
    expect(isStrongPassword('Abcdef 1')).toBe(false);
    expect(isStrongPassword(`A1${'a'.repeat(63)}`)).toBe(false);
  });

  it('blank means empty or the literal "undefined"', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('undefined')).toBe(true);
    expect(isBlank(' ')).toBe(false);
  });
});
