import { useEffect, useState } from 'react';

/** One page as a cursor-paged call answers it: what to show, and where the next page starts. */
export interface CursorPage<P> {
  page: P;
  nextCursor: string | null;
}

type Result<P> = { key: string; loaded: CursorPage<P> } | { key: string; error: unknown };

/**
 * A list the server pages with an opaque cursor that only goes on (list-all-users,
 * list-audit-records): going back is a stack of the cursors that led to each page seen. `load`
 * must be a stable function (module level). A new query starts again from the first page.
 */
export const useCursorPages = <Q, P>(
  load: (query: Q, cursor: string | undefined) => Promise<CursorPage<P>>,
  initial: Q,
) => {
  const [query, setQuery] = useState<Q>(initial);
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<P> | null>(null);
  const cursor = cursors.at(-1);
  const key = JSON.stringify([query, cursor, attempt]);

  useEffect(() => {
    let current = true;
    load(query, cursor).then(
      (loaded) => {
        if (current) setResult({ key, loaded });
      },
      (error: unknown) => {
        if (current) setResult({ key, error });
      },
    );
    return () => {
      current = false;
    };
    // `key` changes with the query, the cursor and every reload.
  }, [key, load, query, cursor]);

  const settled = result?.key === key ? result : null;
  const loaded = settled !== null && 'loaded' in settled ? settled.loaded : null;
  return {
    query,
    /** The page of the current query and cursor, once it is there. */
    page: loaded?.page ?? null,
    /** That page, or while the next one loads the one before (to keep on screen, marked busy). */
    lastPage:
      (loaded ?? (result !== null && 'loaded' in result ? result.loaded : null))?.page ?? null,
    loading: settled === null,
    error: settled !== null && 'error' in settled ? settled.error : null,
    /** 1 for the first page. */
    pageNumber: cursors.length,
    hasNext: (loaded?.nextCursor ?? null) !== null,
    hasPrevious: cursors.length > 1,
    /** New filters or sorting: back to the first page (loaded again even if unchanged). */
    setQuery: (next: Q) => {
      setQuery(next);
      setCursors([undefined]);
      setAttempt((n) => n + 1);
    },
    next: () => {
      const nextCursor = loaded?.nextCursor;
      if (nextCursor) setCursors((stack) => [...stack, nextCursor]);
    },
    previous: () => {
      setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));
    },
    /** Loads the current page again. */
    reload: () => {
      setAttempt((n) => n + 1);
    },
  };
};
