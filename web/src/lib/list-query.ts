import { type Operation, type RequestOf, routes } from '@ccsc/contract';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's filters in its address (issue 18): the console's one way to read and write them.
 * The search params are named as the list call's request names its fields, so a link — the
 * dashboard's figures (config/list-links.ts) or another screen's — writes a list call's filters
 * into the address as they are, and the list page starts from exactly those. Each value is checked
 * against the contract's own rule for its field: one it refuses (an address edited by hand, a
 * stale link) is left out rather than sent, so such an address still lists something.
 */

/** What a list call takes that filters nothing: its page, and the token of the older calls. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['cursor', 'limit', 'accessToken']);

/** A list call's filters (and its sort, where it has one): its request without the page. */
export type ListQuery<Op extends Operation> = Omit<
  RequestOf<Op>,
  'cursor' | 'limit' | 'accessToken'
>;

/** The contract's rule for one field (a zod schema; only `safeParse` is used). */
interface FieldRule {
  safeParse: (value: unknown) => { success: boolean; data?: unknown };
}

const rules = new Map<Operation, readonly (readonly [string, FieldRule])[]>();

/** The filter fields of a list call, in its request's order, each with the contract's rule. */
const rulesOf = (operation: Operation): readonly (readonly [string, FieldRule])[] => {
  const known = rules.get(operation);
  if (known !== undefined) return known;
  // A request is always a plain object schema (the contract's routes.test.ts pins it).
  const request = routes[operation].request as unknown as { shape: Record<string, FieldRule> };
  const fields = Object.entries(request.shape).filter(([key]) => !NOT_FILTERS.has(key));
  rules.set(operation, fields);
  return fields;
};

/** The names of a list call's filters, in its request's order (what an address may carry). */
export const filterNamesOf = (operation: Operation): string[] =>
  rulesOf(operation).map(([key]) => key);

/**
 * The filters an address carries for the list call: every field of its request (but the page) the
 * contract accepts, trimmed, as the contract reads it; anything else — an unknown name, a value it
 * refuses, an empty one — left out.
 */
export const listQueryOf = <Op extends Operation>(
  operation: Op,
  params: URLSearchParams,
): ListQuery<Op> => {
  const query: Record<string, unknown> = {};
  for (const [key, rule] of rulesOf(operation)) {
    const value = params.get(key)?.trim();
    if (value === undefined || value === '') continue;
    const parsed = rule.safeParse(value);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as ListQuery<Op>;
};

/**
 * The address's search for the filters (`?status=LOCKED&role=OrgAdmin`), in the request's order,
 * empty without filters; `listQueryOf` reads it back the same.
 */
export const listSearchOf = <Op extends Operation>(operation: Op, query: ListQuery<Op>): string => {
  const params = new URLSearchParams();
  const values = query as Record<string, unknown>;
  for (const [key] of rulesOf(operation)) {
    const value = values[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const text = String(value);
      if (text !== '') params.set(key, text);
    }
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
};

/**
 * A list screen's filters where they live, in the address: `query` as it reads them, `setQuery` to
 * change them (the address is replaced, so Back leaves the list rather than undoing a filter).
 */
export const useAddressQuery = <Op extends Operation>(operation: Op) => {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => listQueryOf(operation, params), [operation, params]);
  const setQuery = useCallback(
    (next: ListQuery<Op>) => {
      setParams(new URLSearchParams(listSearchOf(operation, next)), { replace: true });
    },
    [operation, setParams],
  );
  return { query, setQuery };
};

/**
 * Keeps a list (lib/use-cursor-pages.ts) loading the filters of the address: when they change (a
 * filter changed on the screen, a link followed to it, Back), it loads them from the first page;
 * otherwise nothing happens, so each change costs one request.
 */
export const useListFollowsAddress = <Op extends Operation>(
  operation: Op,
  list: { query: ListQuery<Op>; setQuery: (query: ListQuery<Op>) => void },
  query: ListQuery<Op>,
) => {
  const wanted = listSearchOf(operation, query);
  const loaded = listSearchOf(operation, list.query);
  const { setQuery } = list;
  useEffect(() => {
    if (wanted !== loaded) setQuery(query);
  }, [wanted, loaded, query, setQuery]);
};
