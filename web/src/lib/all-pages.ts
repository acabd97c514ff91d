/** One page of a cursor-paged call, as `allPages` needs it. */
export interface ItemPage<T> {
  items: readonly T[];
  nextCursor: string | null;
}

/**
 * Every item of a cursor-paged list (list-organisations, getOrgSysList, list-studies...), the
 * pages fetched one after another until the server says there is no next one. For the choices of
 * a form (every organisation a caller may see), never for a list on screen, which pages itself.
 * `maxPages` keeps a misbehaving server from looping for ever.
 */
export const allPages = async <T>(
  load: (cursor: string | undefined) => Promise<ItemPage<T>>,
  maxPages = 500,
): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const loaded = await load(cursor);
    items.push(...loaded.items);
    if (loaded.nextCursor === null || loaded.nextCursor === cursor) return items;
    cursor = loaded.nextCursor;
  }
  return items;
};
