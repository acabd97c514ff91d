import { useEffect, useState } from 'react';

type Result<T> = { key: string; attempt: number } & ({ value: T } | { error: unknown });

/**
 * Data a screen loads for one key (an organisation's id, the caller's organisation), loaded again
 * when the key changes or on `reload()`; nothing is loaded for a null key. `load` must be stable
 * (module level). While the same key loads again its last value stays on screen, so a reload
 * after a change does not blink; another key's value never shows. `replace` puts a value the
 * screen fetched itself (after a conflict) in place.
 */
export const useLoaded = <T>(load: (key: string) => Promise<T>, key: string | null) => {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    load(key).then(
      (value) => {
        if (current) setResult({ key, attempt, value });
      },
      (error: unknown) => {
        if (current) setResult({ key, attempt, error });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt, load]);

  const ours = result !== null && result.key === key ? result : null;
  const settled = ours !== null && ours.attempt === attempt ? ours : null;
  return {
    /** The current load has not answered yet. */
    loading: key !== null && settled === null,
    /** The key's latest value (kept while it loads again), or null before the first. */
    value: ours !== null && 'value' in ours ? ours.value : null,
    /** The current load's failure. */
    error: settled !== null && 'error' in settled ? settled.error : null,
    reload: () => {
      setAttempt((n) => n + 1);
    },
    replace: (value: T) => {
      if (key !== null) setResult({ key, attempt, value });
    },
  };
};
