import { describe, expect, it } from 'vitest';
import {
  changesOf,
  EMPTY_FILTERS,
  filterProblems,
  formatAuditTime,
  toAuditQuery,
} from './audit-format';

describe('formatAuditTime', () => {
  it('shows day-month abbreviation-year (SPEC §3) and the time, in UTC', () => {
    expect(formatAuditTime('2025-01-05T09:08:07.123Z', 'en')).toBe('05-Jan-2025 09:08:07 UTC');
    expect(formatAuditTime('2025-03-31T23:30:00+02:00', 'en')).toBe('31-Mar-2025 21:30:00 UTC');
    expect(formatAuditTime('2025-10-01T00:00:00.000Z', 'de')).toBe('01-Okt-2025 00:00:00 UTC');
    expect(formatAuditTime('2025-02-01T00:00:00.000Z', 'tr')).toBe('01-Şub-2025 00:00:00 UTC');
  });

  it('leaves what is not a time as it is', () => {
    expect(formatAuditTime('yesterday', 'en')).toBe('yesterday');
  });
});

describe('toAuditQuery', () => {
  it('leaves empty fields out', () => {
    expect(toAuditQuery(EMPTY_FILTERS)).toEqual({});
  });

  it('trims, lower-cases the action and turns the days into UTC times, "to" inclusive', () => {
    expect(
      toAuditQuery({
        actor: ' ada@example.com ',
        target: 'sub-1',
        action: 'User.',
        outcome: 'failure',
        fromDay: '2025-01-31',
        toDay: '2025-01-31',
      }),
    ).toEqual({
      actor: 'ada@example.com',
      target: 'sub-1',
      action: 'user.',
      outcome: 'failure',
      from: '2025-01-31T00:00:00.000Z',
      to: '2025-02-01T00:00:00.000Z',
    });
  });
});

describe('filterProblems', () => {
  it('applies the contract’s rules and wants "to" not before "from"', () => {
    expect(filterProblems(EMPTY_FILTERS)).toEqual({});
    expect(
      filterProblems({
        ...EMPTY_FILTERS,
        actor: "x' OR 1=1 --",
        target: '<script>',
        action: 'user disabled',
        fromDay: '2025-02-02',
        toDay: '2025-02-01',
      }),
    ).toEqual({
      actor: 'audit.invalidChars',
      target: 'audit.invalidChars',
      action: 'audit.invalidAction',
      toDay: 'audit.invalidRange',
    });
    expect(filterProblems({ ...EMPTY_FILTERS, actor: 'a'.repeat(129) })).toEqual({
      actor: 'audit.invalidChars',
    });
  });
});

describe('changesOf', () => {
  it('lists every field of before and after, — where one side has none', () => {
    expect(
      changesOf({
        before: { enabled: true, role: 'Auditor' },
        after: { enabled: false, organisationId: null, tags: ['a'] },
      }),
    ).toEqual([
      { field: 'enabled', before: 'true', after: 'false' },
      { field: 'role', before: 'Auditor', after: '—' },
      { field: 'organisationId', before: '—', after: '—' },
      { field: 'tags', before: '—', after: '["a"]' },
    ]);
    expect(changesOf({ before: null, after: null })).toEqual([]);
  });
});
