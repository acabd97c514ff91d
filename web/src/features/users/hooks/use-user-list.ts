import type { RequestOf, UserListItem } from '@ccsc/lambdas/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api';

export type UserQuery = Omit<RequestOf<'list-all-users'>, 'cursor' | 'limit' | 'accessToken'>;

export const PAGE_SIZE = 25;

type Result =
  | { key: string; users: UserListItem[]; total: number; nextCursor: string | null }
  | { key: string; error: unknown };

/**
 * One page of the user list for the query. The server pages with a cursor that only goes on;
 * going back is a stack of the cursors that led to each page seen.
 */
export const useUserList = () => {
  const [query, setQuery] = useState<UserQuery>({});
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const cursor = cursors.at(-1);
  const key = JSON.stringify([query, cursor, attempt]);

  useEffect(() => {
    let current = true;
    callApi('list-all-users', {
      ...query,
      limit: PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    }).then(
      ({ users, total, nextCursor }) => {
        if (current) setResult({ key, users, total, nextCursor });
      },
      (error: unknown) => {
        if (current) setResult({ key, error });
      },
    );
    return () => {
      current = false;
    };
    // `key` changes with the query, the cursor and every reload.
  }, [key, query, cursor]);

  const settled = result?.key === key ? result : null;
  const loaded = settled !== null && 'users' in settled ? settled : null;
  // While the next page or query loads, the rows on screen stay (marked busy) rather than
  // blinking away: an open row menu or the reader's place is not lost on every keystroke.
  const shown = loaded ?? (result !== null && 'users' in result ? result : null);
  return {
    query,
    loading: settled === null,
    /** Nothing to show yet: the first load. */
    initialLoading: settled === null && shown === null,
    users: shown?.users ?? [],
    total: shown?.total ?? 0,
    error: settled !== null && 'error' in settled ? settled.error : null,
    page: cursors.length,
    hasNext: (loaded?.nextCursor ?? null) !== null,
    hasPrevious: cursors.length > 1,
    /** New filters or sorting: back to the first page. */
    setQuery: (next: UserQuery) => {
      setQuery(next);
      setCursors([undefined]);
    },
    next: () => {
      const nextCursor = loaded?.nextCursor;
      if (nextCursor) setCursors((stack) => [...stack, nextCursor]);
    },
    previous: () => {
      setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));
    },
    /** Loads the current page again (after an action changed a user). */
    reload: () => {
      setAttempt((n) => n + 1);
    },
  };
};
