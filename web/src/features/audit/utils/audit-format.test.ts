import { describe, expect, it } from 'vitest';
import {
  changesOf,
  dayStartingAt,
  EMPTY_FILTERS,
  exactTimesOf,
  filterProblems,
  filterValuesOf,
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
        view: '',
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

describe('the filters of an address in the form', () => {
  it('puts a day’s start in the day fields, "to" as the day before (the form includes its day)', () => {
    expect(dayStartingAt('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
    expect(dayStartingAt('2026-11-23T01:00:00+01:00')).toBe('2026-11-23');
    expect(dayStartingAt('2026-11-23T09:00:00.000Z')).toBeNull();
    expect(
      filterValuesOf({
        view: 'changes',
        target: 'sub-1',
        outcome: 'success',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-03T00:00:00.000Z',
      }),
    ).toEqual({
      ...EMPTY_FILTERS,
      view: 'changes',
      target: 'sub-1',
      outcome: 'success',
      fromDay: '2026-11-01',
      toDay: '2026-11-02',
    });
    expect(exactTimesOf({ from: '2026-11-01T00:00:00.000Z' })).toEqual({});
  });

  it('keeps a time within a day exactly, unless a day replaces it', () => {
    const query = { view: 'lockouts', from: '2026-11-23T09:00:00.000Z' } as const;
    expect(filterValuesOf(query)).toEqual({ ...EMPTY_FILTERS, view: 'lockouts' });
    const exact = exactTimesOf(query);
    expect(exact).toEqual({ from: '2026-11-23T09:00:00.000Z' });
    expect(toAuditQuery(filterValuesOf(query), exact)).toEqual(query);
    expect(toAuditQuery({ ...filterValuesOf(query), fromDay: '2026-11-20' }, exact)).toEqual({
      view: 'lockouts',
      from: '2026-11-20T00:00:00.000Z',
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
