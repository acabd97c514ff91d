import { describe, expect, it } from 'vitest';
import {
  dayOf,
  formatDuration,
  formatTimeOfDay,
  percentileOf,
  targetLinkOf,
} from './dashboard-format';

describe('formatDuration', () => {
  it('says a duration in the largest unit it fills, in the language', () => {
    expect(formatDuration(1, 'en')).toBe('1 sec');
    expect(formatDuration(300, 'en')).toBe('5 min');
    expect(formatDuration(5400, 'en')).toBe('1.5 hr');
    expect(formatDuration(7 * 86400, 'en')).toBe('7 days');
    expect(formatDuration(300, 'de')).toBe('5 Min.');
    expect(formatDuration(2 * 86400, 'tr')).toBe('2 gün');
  });
});

describe('percentileOf', () => {
  it('is "at most" the bound, beyond the last bound, or none', () => {
    expect(percentileOf(300, false, 'en')).toEqual({ kind: 'atMost', duration: '5 min' });
    expect(percentileOf(null, true, 'en')).toEqual({ kind: 'beyond', duration: '7 days' });
    expect(percentileOf(null, false, 'en')).toEqual({ kind: 'none' });
  });
});

describe('dayOf', () => {
  const now = new Date(2025, 1, 4, 9, 14);
  it('tells today, yesterday and earlier apart in the local time zone', () => {
    expect(dayOf(new Date(2025, 1, 4, 0, 0).toISOString(), now)).toBe('today');
    expect(dayOf(new Date(2025, 1, 3, 9, 0).toISOString(), now)).toBe('yesterday');
    expect(dayOf(new Date(2025, 0, 28, 9, 0).toISOString(), now)).toBe('other');
    expect(dayOf('not a date', now)).toBe('other');
  });
});

describe('formatTimeOfDay', () => {
  it('says hours and minutes in the language', () => {
    const iso = new Date(2025, 1, 4, 9, 14).toISOString();
    expect(formatTimeOfDay(iso, 'de')).toBe('09:14');
    expect(formatTimeOfDay(iso, 'tr')).toBe('09:14');
    expect(formatTimeOfDay('nonsense', 'en')).toBe('nonsense');
  });
});

describe('targetLinkOf', () => {
  it('filters the audit trail by the target, when its filter takes the id', () => {
    expect(targetLinkOf({ type: 'user', id: 'sub-1', label: 'a@example.com' })).toEqual({
      list: 'audit',
      query: { target: 'sub-1' },
    });
    expect(targetLinkOf({ type: 'registry', id: 'org:1 2' })).toBeNull();
    expect(targetLinkOf({ type: 'user', id: 'x'.repeat(129) })).toBeNull();
    expect(targetLinkOf(null)).toBeNull();
  });
});
