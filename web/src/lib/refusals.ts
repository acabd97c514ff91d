import i18next from 'i18next';
import { isRefusal } from './api';

/**
 * The refusals whose meaning the console words itself in every language: the contract's 4xx codes
 * (envelope.ts `ERROR_CODES`), listed here rather than imported so that this module stays free of
 * zod (the login route loads it); refusals.test.ts holds the two equal.
 */
export const REFUSAL_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'MFA_ENROLMENT_REQUIRED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
] as const;
type RefusalCode = (typeof REFUSAL_CODES)[number];
const isRefusalCode = (code: string): code is RefusalCode =>
  (REFUSAL_CODES as readonly string[]).includes(code);

/**
 * The server's own words for a refused call (4xx): its message and the field problems it names
 * (each once, and not again when it only repeats the message), or `fallback` when the call was
 * not refused (no answer, a server error, whose message is generic anyway). `namingFields` puts
 * each problem's field path before it ("scopes: …").
 *
 * The server words its messages in English. On a German or Turkish page the refusal is said by
 * what its code means, in the page's language (`serverErrors.<code>`): less particular than the
 * server's sentence, but no English sentence on a page in another language (issue 37).
 */
export const messageOfError = (
  error: unknown,
  fallback: string,
  { namingFields = false }: { namingFields?: boolean } = {},
): string => {
  if (!isRefusal(error)) return fallback;
  const language = i18next.resolvedLanguage ?? 'en';
  if (language !== 'en') {
    return isRefusalCode(error.code) ? i18next.t(`serverErrors.${error.code}`) : fallback;
  }
  const details = namingFields
    ? error.fields.map((f) => `${f.path}: ${f.message}`)
    : error.fields.map((f) => f.message).filter((m) => m !== error.message);
  return [error.message, ...new Set(details)].join(' ');
};

/** Whether the server refused with 409: changed meanwhile, in use, taken, no longer fitting. */
export const isConflict = (error: unknown): boolean => isRefusal(error) && error.status === 409;
