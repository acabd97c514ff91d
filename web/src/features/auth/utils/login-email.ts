import { EMAIL_DISALLOWED_PATTERN, loginEmailSchema } from '@ccsc/contract';
import { fieldMessageKey, type FieldMessageKey } from '../../../lib/field-messages';

export type LoginEmailCheck =
  | { ok: true; email: string }
  | { ok: false; messageKey: FieldMessageKey | 'validation.emailDisallowedChars' };

/**
 * The login e-mail rules of SPEC §5, from the contract: backslash, apostrophe, double quote and
 * whitespace are refused with their own message (checked on the raw text, before trimming), then
 * the format. On success, the address as the identity service expects it (trimmed, lower case).
 */
export const checkLoginEmail = (value: string): LoginEmailCheck => {
  if (EMAIL_DISALLOWED_PATTERN.test(value)) {
    return { ok: false, messageKey: 'validation.emailDisallowedChars' };
  }
  const parsed = loginEmailSchema.safeParse(value);
  if (parsed.success) return { ok: true, email: parsed.data };
  const message = parsed.error.issues[0]?.message ?? '';
  return { ok: false, messageKey: fieldMessageKey(message) ?? 'validation.emailFormat' };
};
