import { describe, expect, it } from 'vitest';
import { fold, pageOf, PAGE_MAX, searchKey, searchMatcher, sortKey } from './list-page';

describe('fold', () => {
  it('takes accents off, lowers the case and makes every separator one space', () => {
    expect(fold('Charité – Universitäts-Medizin  Berlin')).toBe(
      'charite universitats medizin berlin',
    );
    expect(fold("St. Mary's (London)")).toBe('st mary s london');
    expect(fold('Çukurova Üniversitesi')).toBe('cukurova universitesi');
    expect(fold('Işık İzmir')).toBe('isik izmir');
    expect(fold('Łódź Straße Øresund')).toBe('lodz strasse oresund');
  });
});

describe('searchMatcher', () => {
  const key = searchKey(['Charité Universitätsmedizin Berlin', 'DE-12345', 'DE']);
  const matches = (search: string) => searchMatcher(search)?.(key);

  it('matches the start of any word, in any case, with or without accents', () => {
    expect(matches('char')).toBe(true);
    expect(matches('CHARITÉ')).toBe(true);
    expect(matches('universitäts')).toBe(true);
    expect(matches('universitats')).toBe(true);
    expect(matches('berl')).toBe(true);
    expect(matches('charite univ')).toBe(true);
  });

  it('matches the start of the other parts (identifier values, country)', () => {
    expect(matches('de-123')).toBe(true);
    expect(matches('12345')).toBe(true);
    expect(matches('de')).toBe(true);
  });

  it('does not match inside a word or across two parts', () => {
    expect(matches('harit')).toBe(false);
    expect(matches('erlin')).toBe(false);
    expect(matches('berlin de')).toBe(false);
    expect(matches('2345')).toBe(false);
  });

  it('is no filter for a blank query', () => {
    expect(searchMatcher(undefined)).toBeNull();
    expect(searchMatcher('  ')).toBeNull();
    expect(searchMatcher('...')).toBeNull();
  });
});

describe('sortKey', () => {
  it('orders by the folded name, then the id', () => {
    const keys = [
      sortKey('Zeta', 'a'),
      sortKey('Émile', 'b'),
      sortKey('alpha', 'c'),
      sortKey('Alpha', 'd'),
    ].sort();
    expect(keys.map((k) => k.split('\u0000')[2])).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);

  it('pages 50 at a time by default with a cursor that continues the same list', () => {
    const first = pageOf('orgs', { kind: 'site' }, {}, rows);
    expect(first).toMatchObject({ count: 50, total: 120 });
    const second = pageOf('orgs', { kind: 'site' }, { cursor: first.nextCursor ?? '' }, rows);
    const third = pageOf('orgs', { kind: 'site' }, { cursor: second.nextCursor ?? '' }, rows);
    expect(third.count).toBe(20);
    expect(third.nextCursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items]).toEqual(rows);
  });

  it('takes the limit asked for, at most 100', () => {
    expect(pageOf('orgs', {}, { limit: 7 }, rows).count).toBe(7);
    expect(pageOf('orgs', {}, { limit: 500 }, rows).count).toBe(PAGE_MAX);
  });

  it('keeps the cursor when only the page size changes, whatever the filters’ order', () => {
    const first = pageOf('orgs', { kind: 'site', status: 'active' }, { limit: 10 }, rows);
    const next = pageOf(
      'orgs',
      { status: 'active', kind: 'site', limit: 20 },
      { cursor: first.nextCursor ?? '', limit: 20 },
      rows,
    );
    expect(next.items[0]).toBe(10);
  });

  it('refuses a cursor of another query or another list, and one that is not a cursor', () => {
    const first = pageOf('orgs', { kind: 'site' }, {}, rows);
    const cursor = first.nextCursor ?? '';
    expect(() => pageOf('orgs', { kind: 'sponsor' }, { cursor }, rows)).toThrow(
      /does not belong to this list/,
    );
    expect(() => pageOf('systems', { kind: 'site' }, { cursor }, rows)).toThrow(
      /does not belong to this list/,
    );
    expect(() => pageOf('orgs', { kind: 'site' }, { cursor: 'bm9wZQ' }, rows)).toThrow(
      /does not belong to this list/,
    );
  });

  it('answers an empty page with no cursor when nothing is found', () => {
    expect(pageOf('orgs', {}, {}, [])).toEqual({ items: [], count: 0, total: 0, nextCursor: null });
  });
});
