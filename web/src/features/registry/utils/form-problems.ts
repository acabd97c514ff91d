import { REGISTRY_MESSAGES } from '@ccsc/contract';
import type { TFunction } from 'i18next';
import { ApiError, isRefusal } from '../../../lib/api';
import { fieldMessageKey } from '../../../lib/field-messages';

/** A form's problems by field path ("name", "identifiers.0.value"), as English contract texts. */
export type Problems = Partial<Record<string, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The problems a contract schema found (the same schema the server checks with), by field. */
export const problemsOfIssues = (issues: readonly Issue[]): Problems => {
  const problems: Problems = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    problems[path] ??= issue.message;
  }
  return problems;
};

/**
 * A refused save: the server's field problems placed on the form's fields (its paths may name
 * them inside `changes.`), and its message for the rest; a failure that is no refusal (no
 * answer, a server error) gets `fallback`.
 */
export const problemsOfError = (
  error: unknown,
  fallback: string,
  fields: readonly string[],
): { fields: Problems; message: string | null } => {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const placed: Problems = {};
  for (const f of error.fields) {
    const path = f.path.replace(/^changes\./, '');
    if (fields.some((field) => path === field || path.startsWith(`${field}.`))) {
      placed[path] ??= f.message;
    }
  }
  const anyPlaced = Object.keys(placed).length > 0;
  const message = isRefusal(error) ? error.message : fallback;
  return { fields: placed, message: anyPlaced ? null : message };
};

/**
 * The contract's English field messages (registry field rules, e-mail rules) in the reader's
 * language; a message the console does not know (a server's own) is shown as it is.
 */
export const translateProblem = (t: TFunction, message: string): string => {
  switch (message) {
    case 'This field is required.':
    case 'Email cannot be empty':
      return t('registry.validation.required');
    case REGISTRY_MESSAGES.nameChars:
      return t('registry.validation.nameChars');
    case REGISTRY_MESSAGES.country:
      return t('registry.validation.country');
    case REGISTRY_MESSAGES.protocolChars:
      return t('registry.validation.protocolChars');
    case 'Use letters, digits and . _ - only.':
      return t('registry.validation.siteNumberChars');
    case 'Use letters, digits, spaces and . _ / : # - only.':
      return t('registry.validation.identifierValueChars');
    default:
      break;
  }
  const tooLong = /^At most (\d+) characters\.$|<=(\d+) characters$/.exec(message);
  if (tooLong) return t('registry.validation.tooLong', { max: tooLong[1] ?? tooLong[2] ?? '' });
  const key = fieldMessageKey(message);
  return key ? t(key) : message;
};
