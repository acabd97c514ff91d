import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime } from './display-dates';

describe('dates as people read them (SPEC §3)', () => {
  it('writes day, month abbreviation and year in each language', () => {
    expect(displayDate('2026-12-05')).toBe('05-Dec-2026');
    expect(displayDate('2026-03-01T23:59:59.000Z', 'de')).toBe('01-Mär-2026');
    expect(displayDate('2026-02-28', 'tr')).toBe('28-Şub-2026');
    expect(displayDate('not a date')).toBe('not a date');
  });

  it('adds the time of day in UTC to a moment', () => {
    expect(displayDateTime('2026-12-05T10:07:30.000Z')).toBe('05-Dec-2026 10:07 UTC');
    expect(displayDateTime('2026-12-05T23:30:00+02:00', 'de')).toBe('05-Dez-2026 21:30 UTC');
  });

  it('matches what the browser’s Intl writes for the month in each language', () => {
    for (const language of ['en', 'de', 'tr'] as const) {
      for (let month = 0; month < 12; month += 1) {
        const date = new Date(Date.UTC(2026, month, 15));
        const intl = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' })
          .format(date)
          .replace(/\.$/u, '');
        expect(displayDate(date.toISOString(), language)).toBe(`15-${intl}-2026`);
      }
    }
  });
});
