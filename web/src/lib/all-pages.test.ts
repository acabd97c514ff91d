import { describe, expect, it } from 'vitest';
import { allPages } from './all-pages';

describe('allPages', () => {
  it('follows the cursor until the last page and keeps the order', async () => {
    const seen: (string | undefined)[] = [];
    const pages: Record<string, { items: number[]; nextCursor: string | null }> = {
      first: { items: [1, 2], nextCursor: 'b' },
      b: { items: [3], nextCursor: 'c' },
      c: { items: [4], nextCursor: null },
    };
    const items = await allPages((cursor) => {
      seen.push(cursor);
      return Promise.resolve(pages[cursor ?? 'first'] ?? { items: [], nextCursor: null });
    });
    expect(items).toEqual([1, 2, 3, 4]);
    expect(seen).toEqual([undefined, 'b', 'c']);
  });

  it('stops at a cursor that does not move on, and after maxPages', async () => {
    const same = await allPages(() => Promise.resolve({ items: [1], nextCursor: 'x' }));
    expect(same).toEqual([1, 1]);
    let n = 0;
    const capped = await allPages(() => {
      n += 1;
      return Promise.resolve({ items: [n], nextCursor: `c${String(n)}` });
    }, 3);
    expect(capped).toEqual([1, 2, 3]);
  });

  it('fails when a page fails', async () => {
    await expect(allPages(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
