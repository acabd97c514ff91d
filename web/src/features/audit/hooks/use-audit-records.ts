import type { AuditRecord } from '@ccsc/lambdas/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api';
import type { AuditQuery } from '../utils/audit-format';

export const PAGE_SIZE = 25;

type Result =
  | { key: string; records: AuditRecord[]; nextCursor: string | null }
  | { key: string; error: unknown };

/**
 * One page of the audit trail for the applied filters. The server pages with an opaque cursor
 * that only goes on; going back is a stack of the cursors that led to each page seen.
 */
export const useAuditRecords = () => {
  const [query, setQuery] = useState<AuditQuery>({});
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const cursor = cursors.at(-1);
  const key = JSON.stringify([query, cursor, attempt]);

  useEffect(() => {
    let current = true;
    callApi('list-audit-records', {
      ...query,
      limit: PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    }).then(
      ({ records, nextCursor }) => {
        if (current) setResult({ key, records, nextCursor });
      },
      (error: unknown) => {
        if (current) setResult({ key, error });
      },
    );
    return () => {
      current = false;
    };
    // `key` changes with the query, the cursor and every retry.
  }, [key, query, cursor]);

  const settled = result?.key === key ? result : null;
  const nextCursor = settled !== null && 'records' in settled ? settled.nextCursor : null;
  return {
    /** The filters applied now (what an export should use). */
    query,
    loading: settled === null,
    records: settled !== null && 'records' in settled ? settled.records : [],
    error: settled !== null && 'error' in settled ? settled.error : null,
    /** 1 for the newest page. */
    page: cursors.length,
    hasNext: nextCursor !== null,
    hasPrevious: cursors.length > 1,
    /** Applies new filters: back to the newest page. */
    search: (next: AuditQuery) => {
      setQuery(next);
      setCursors([undefined]);
      setAttempt((n) => n + 1);
    },
    next: () => {
      if (nextCursor !== null) setCursors((stack) => [...stack, nextCursor]);
    },
    previous: () => {
      setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));
    },
    retry: () => {
      setAttempt((n) => n + 1);
    },
  };
};
