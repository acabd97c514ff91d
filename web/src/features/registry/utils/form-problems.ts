import { REGISTRY_MESSAGES } from '@ccsc/contract';
import type { TFunction } from 'i18next';
import { fieldMessageKey } from '../../../lib/field-messages';

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
