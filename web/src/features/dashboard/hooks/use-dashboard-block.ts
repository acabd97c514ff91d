import type { RequestOf, ResponseOf } from '@ccsc/contract';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../../lib/api';

/** The dashboard's four calls (issue 18), one per block. */
export type DashboardOperation =
  | 'dashboard/needs-action'
  | 'dashboard/activity'
  | 'dashboard/security'
  | 'dashboard/recent-changes';

type Settled<T> = { attempt: number } & ({ value: T } | { error: unknown });

export interface DashboardBlock<T> {
  /** The latest answer, kept on screen while the block loads again (null before the first). */
  value: T | null;
  /** The current load's failure, or null. */
  error: unknown;
  /** The current load has not answered yet. */
  loading: boolean;
  /** The latest load was asked for by the reader (Refresh, or after an action) and succeeded. */
  refreshed: boolean;
  /** Loads the block again, its figures staying until the answer comes. */
  reload: () => void;
}

/**
 * One dashboard block's call: loaded once on mount, again on `reload()`. Each block has its own,
 * so that the blocks load, fail and refresh independently.
 */
export const useDashboardBlock = <Op extends DashboardOperation>(
  operation: Op,
): DashboardBlock<ResponseOf<Op>> => {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<ResponseOf<Op>> | null>(null);
  const [value, setValue] = useState<ResponseOf<Op> | null>(null);

  useEffect(() => {
    let current = true;
    callApi(operation, {} as RequestOf<Op>).then(
      (answer) => {
        if (!current) return;
        setValue(answer);
        setSettled({ attempt, value: answer });
      },
      (error: unknown) => {
        if (current) setSettled({ attempt, error });
      },
    );
    return () => {
      current = false;
    };
  }, [operation, attempt]);

  const reload = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);
  const done = settled !== null && settled.attempt === attempt ? settled : null;
  return {
    value,
    error: done !== null && 'error' in done ? done.error : null,
    loading: done === null,
    refreshed: done !== null && 'value' in done && attempt > 0,
    reload,
  };
};
