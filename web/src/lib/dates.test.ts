import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDisplayDate, parseDisplayDate } from './dates';

describe('the console’s one date form (SPEC §3)', () => {
  it('shows day, month abbreviation and year in each language, from the ISO date part', () => {
    expect(formatDisplayDate('2026-12-05T23:30:00Z', 'en')).toBe('05-Dec-2026');
    expect(formatDisplayDate('2026-03-01', 'de')).toBe('01-Mär-2026');
    expect(formatDisplayDate('2026-12-05', 'tr')).toBe('05-Ara-2026');
    expect(formatDateTime('2026-12-05T09:07:00Z', 'de')).toBe('05-Dez-2026 09:07 UTC');
  });

  it('reads back what it shows, in any case, the month in the language or English, or an ISO day', () => {
    expect(parseDisplayDate('05-Dec-2026', 'en')).toBe('2026-12-05');
    expect(parseDisplayDate('5-mär-2026', 'de')).toBe('2026-03-05');
    expect(parseDisplayDate('01-Mar-2026', 'de')).toBe('2026-03-01');
    expect(parseDisplayDate(' 05 ara 2026 ', 'tr')).toBe('2026-12-05');
    expect(parseDisplayDate('05-Şub-2026', 'tr')).toBe('2026-02-05');
    expect(parseDisplayDate('2026-02-28', 'tr')).toBe('2026-02-28');
    for (const language of ['en', 'de', 'tr']) {
      expect(parseDisplayDate(formatDisplayDate('2027-10-31', language), language)).toBe(
        '2027-10-31',
      );
    }
  });

  it('refuses what is no day', () => {
    expect(parseDisplayDate('31-Feb-2026', 'en')).toBeNull();
    expect(parseDisplayDate('2026-02-30', 'en')).toBeNull();
    expect(parseDisplayDate('12/05/2026', 'en')).toBeNull();
    expect(parseDisplayDate('05-Foo-2026', 'en')).toBeNull();
    expect(parseDisplayDate('', 'en')).toBeNull();
  });
});
