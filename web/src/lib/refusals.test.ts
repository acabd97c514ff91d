import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { ERROR_CODES } from '@ccsc/contract';
import { isConflict, messageOfError, REFUSAL_CODES } from './refusals';

const refused = new ApiError('VALIDATION_FAILED', 'The request was refused.', 400, [
  { path: 'name', message: 'Too long.' },
  { path: 'alias', message: 'Too long.' },
  { path: 'scopes', message: 'The request was refused.' },
]);

describe('messageOfError', () => {
  it('gives the server its own words: the message, then each other field problem once', () => {
    expect(messageOfError(refused, 'fallback')).toBe('The request was refused. Too long.');
  });

  it('names the fields when asked', () => {
    expect(messageOfError(refused, 'fallback', { namingFields: true })).toBe(
      'The request was refused. name: Too long. alias: Too long. scopes: The request was refused.',
    );
  });

  it('falls back when the call was not refused (no answer, a server error, anything else)', () => {
    expect(messageOfError(new ApiError('NETWORK_ERROR', 'offline', 0), 'fallback')).toBe(
      'fallback',
    );
    expect(messageOfError(new ApiError('INTERNAL', 'boom', 500), 'fallback')).toBe('fallback');
    expect(messageOfError(new Error('x'), 'fallback')).toBe('fallback');
  });
});

describe('isConflict', () => {
  it('is a refusal with 409 only', () => {
    expect(isConflict(new ApiError('CONFLICT', 'changed', 409))).toBe(true);
    expect(isConflict(refused)).toBe(false);
    expect(isConflict(new Error('409'))).toBe(false);
  });
});

describe('messageOfError on a German or Turkish page', () => {
  it('says what the refusal’s code means in the page’s language, not the server’s English', async () => {
    const { changeLanguage, initI18n } = await import('./i18n');
    await initI18n();
    await changeLanguage('de');
    try {
      const notFound = new ApiError(
        'NOT_FOUND',
        'No study with that id is within your reach.',
        404,
      );
      expect(messageOfError(notFound, 'fallback')).toBe(
        'Nicht gefunden: Ein solcher Datensatz liegt nicht in Ihrem Zugriffsbereich.',
      );
      expect(messageOfError(new ApiError('INTERNAL', 'boom', 500), 'fallback')).toBe('fallback');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('REFUSAL_CODES', () => {
  it('are exactly the contract’s 4xx codes, so every refusal has its words in every language', () => {
    const refusals = Object.entries(ERROR_CODES)
      .filter(([, status]) => status >= 400 && status < 500)
      .map(([code]) => code);
    expect([...REFUSAL_CODES].sort()).toEqual(refusals.sort());
  });
});
