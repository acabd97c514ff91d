import type { ImportDetail } from '@ccsc/contract/documents';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, callApi } from '../../../lib/api';
import { filesDone } from '../utils/imports';

/** Stopped by the reader (the dialog closed, the page left): not a failure to show. */
export class ImportStopped extends Error {
  override readonly name = 'ImportStopped';
}

/** The presigned PUT answered with something else than success. */
export class UploadFailed extends Error {
  override readonly name = 'UploadFailed';
  constructor(
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
  ) {
    super(`The upload failed (HTTP ${String(status)})`);
  }
}

/**
 * The import stayed `importing` without progress, call after call: another session is importing
 * it (or a call cut off still holds it). It can be continued later from its page.
 */
export class ImportHeld extends Error {
  override readonly name = 'ImportHeld';
  constructor(
    /** The last answer: where the import stands. */
    readonly report: ImportDetail,
  ) {
    super('The import made no progress: another session holds it.');
  }
}

/** The first pause before a call is repeated; doubled each time, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 10_000;

/** A call failing this many times in a row (each a failure worth repeating) ends the loop. */
export const MAX_FAILURES = 6;

/**
 * Answers `importing` without progress before the loop gives up: their pauses add up to about a
 * minute and a half, longer than the hold a call of the server takes on the import (its working
 * time and a slack for a call cut off, about 72 s), so that an import held only by a call that
 * was cut off (a 504 after API Gateway's 29 s) is taken up again before the loop gives up.
 */
export const MAX_IDLE_ANSWERS = 12;

/** The pause before the next call after `attempt` failures (or answers without progress) in a row. */
export const backoffMs = (attempt: number): number =>
  Math.min(FIRST_PAUSE_MS * 2 ** Math.max(attempt - 1, 0), MAX_PAUSE_MS);

/**
 * Whether the server says the package is gone (its upload expired) or never came (not
 * uploaded): calling again cannot help, the import is to start over (announced again).
 */
export const isPackageGone = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 409 &&
  /expired|not been uploaded/iu.test(error.message);

/**
 * Whether a failed call may well succeed a moment later, as it is: no answer (status 0), a
 * server error (5xx: a 504 from API Gateway when a call runs past 29 s), or a 409 saying another
 * call was at the import ("try again in a moment", "changed meanwhile") — not one saying the
 * package is gone.
 */
export const isTransient = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 0 || error.status >= 500 || (error.status === 409 && !isPackageGone(error)));

/** Resolves after `ms`, or at once when the import is stopped (or already was). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Why the import loop is waiting before its next call. */
export type ImportWait = 'failed' | 'idle';

export interface ImportLoopOptions {
  /**
   * How many files the import had gone through when the loop starts (its page's report): a first
   * answer no further is no progress. Unknown (-1) by default.
   */
  from?: number;
  /** Told before each pause: after a failed call, or after an answer without progress. */
  onWait?: (reason: ImportWait) => void;
  /** How the loop waits (a test's clock); resolves at once when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * s3documents/import-etmf until the import is no longer `importing`: the server imports a large
 * package over several calls, each going on where the last stopped (nothing is filed twice).
 * `onProgress` hears every answer. A failure worth repeating (`isTransient`) is repeated after a
 * pause that doubles from 1 s up to 10 s; the MAX_FAILURES-th in a row, or any other failure,
 * ends the loop with its error. An answer without progress (another call holds the import) is
 * followed by the next after the same pauses; after MAX_IDLE_ANSWERS of them in a row the loop
 * ends with `ImportHeld`. Stopping (`signal`) ends it with `ImportStopped` after the current call
 * or at once during a pause; the import stays where it was and can be continued from its page.
 */
export const importUntilDone = async (
  importId: string,
  onProgress: (report: ImportDetail) => void,
  signal: AbortSignal,
  { from = -1, onWait, sleep = pause }: ImportLoopOptions = {},
): Promise<ImportDetail> => {
  // A function, not the property: the signal changes while the calls are awaited.
  const stopped = () => signal.aborted;
  let done = from;
  let failures = 0;
  let idle = 0;
  for (;;) {
    let report: ImportDetail;
    try {
      ({ import: report } = await callApi('s3documents/import-etmf', { importId }));
    } catch (error) {
      if (stopped()) throw new ImportStopped();
      failures += 1;
      if (!isTransient(error) || failures >= MAX_FAILURES) throw error;
      onWait?.('failed');
      await sleep(backoffMs(failures), signal);
      if (stopped()) throw new ImportStopped();
      continue;
    }
    failures = 0;
    if (stopped()) throw new ImportStopped();
    onProgress(report);
    if (report.state !== 'importing') return report;
    const now = filesDone(report);
    if (now !== done) {
      done = now;
      idle = 0;
      continue;
    }
    idle += 1;
    if (idle >= MAX_IDLE_ANSWERS) throw new ImportHeld(report);
    onWait?.('idle');
    await sleep(backoffMs(idle), signal);
    if (stopped()) throw new ImportStopped();
  }
};

/** PUTs the file's bytes to the presigned link, with the headers it was signed with. */
const upload = async (
  link: { url: string; headers: Record<string, string> },
  file: File,
  signal: AbortSignal,
): Promise<void> => {
  let response: Response;
  try {
    // The link carries its own authorisation: no cookies, no ID token.
    response = await fetch(link.url, {
      method: 'PUT',
      headers: link.headers,
      body: file,
      credentials: 'omit',
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw new ImportStopped();
    throw err instanceof Error ? err : new Error(String(err));
  }
  if (!response.ok) throw new UploadFailed(response.status);
};

/** Where the import flow is; `failed` names the step that failed (Try again goes on from it). */
export type ImportStep =
  | { step: 'idle' }
  | { step: 'announcing' }
  | { step: 'uploading' }
  | { step: 'importing'; report: ImportDetail | null; waiting: ImportWait | null }
  | { step: 'failed'; failedAt: 'announcing' | 'uploading' | 'importing'; error: unknown };

/** An announced import: its id and the presigned PUT for its package. */
interface Announced {
  importId: string;
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
}

/** What has been done for the file chosen, so that Try again does not do it twice. */
interface Progress {
  file: File;
  announced: Announced | null;
  uploaded: boolean;
}

/**
 * Imports announced and not imported yet (`awaiting-upload` on the server), by study and file,
 * kept beyond the dialog: the dialog closed while the package was announced or uploaded, the
 * next attempt with the same file takes the import up (its announcement, even one still under
 * way) rather than leaving it behind, "Awaiting upload" for ever, and announcing another. Once
 * the import is called, it is `importing` and continued from its page; it leaves this list.
 */
const unimported = new Map<string, { announced: Promise<Announced>; uploaded: boolean }>();

/** The same file, as far as the browser says: name, size and time of its last change. */
const keyOf = (studyId: string, file: File): string =>
  JSON.stringify([studyId, file.name, file.size, file.lastModified]);

/** The presigned PUT is not used this close to its end (the upload itself takes time). */
const LINK_MARGIN_MS = 60_000;

const nearlyExpired = (announced: Announced): boolean =>
  Date.parse(announced.expiresAt) - LINK_MARGIN_MS < Date.now();

/** The import kept for the file, when there is one whose link (unless used) is still good. */
const takeUp = async (key: string): Promise<{ announced: Announced; uploaded: boolean } | null> => {
  const kept = unimported.get(key);
  if (kept === undefined) return null;
  try {
    const announced = await kept.announced;
    if (kept.uploaded || !nearlyExpired(announced)) return { announced, uploaded: kept.uploaded };
  } catch {
    // Its announcement failed: announced afresh.
  }
  if (unimported.get(key) === kept) unimported.delete(key);
  return null;
};

/**
 * The eTMF-EMS import of a package into a study, in three steps: announce it
 * (s3documents/import-etmf-upload: the import and a presigned PUT), PUT the file's bytes, then
 * s3documents/import-etmf until the import is no longer `importing` (`importUntilDone`, which
 * repeats what fails for a moment); then `onDone` with its id. A failed step is said (`failed`),
 * and `start` with the same file goes on from that step: the announced import is kept (announced
 * again once its upload link has expired, or nearly, or the storage refused it: 403), an uploaded
 * package is not uploaded again — unless the server says it expired or never came, when the file
 * is announced anew. Another file starts afresh. `stop` (and leaving the screen) ends the flow
 * where it is, silently; an import announced and not yet imported is taken up by the next attempt
 * with the same file (`unimported`).
 */
export const useEtmfImport = (studyId: string, onDone: (importId: string) => void) => {
  const [state, setState] = useState<ImportStep>({ step: 'idle' });
  const progress = useRef<Progress | null>(null);
  const running = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = async (file: File) => {
    stop();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    if (progress.current?.file !== file)
      progress.current = { file, announced: null, uploaded: false };
    const now = progress.current;
    const key = keyOf(studyId, file);
    let step: 'announcing' | 'uploading' | 'importing' = 'announcing';
    try {
      let announced = now.announced;
      if (announced === null || (!now.uploaded && nearlyExpired(announced))) {
        setState({ step: 'announcing' });
        const kept = announced === null ? await takeUp(key) : null;
        if (kept === null) {
          const announcing = callApi('s3documents/import-etmf-upload', {
            studyId,
            fileName: file.name,
            size: file.size,
          }).then((answer) => ({ importId: answer.import.importId, ...answer.upload }));
          const entry = { announced: announcing, uploaded: false };
          // Kept before it answers: stopped now, the next attempt waits for this announcement.
          unimported.set(key, entry);
          try {
            announced = await announcing;
          } catch (error) {
            if (unimported.get(key) === entry) unimported.delete(key);
            throw error;
          }
          now.uploaded = false;
        } else {
          announced = kept.announced;
          now.uploaded = kept.uploaded;
        }
        now.announced = announced;
        if (signal.aborted) return;
      }
      const { importId } = announced;
      if (!now.uploaded) {
        step = 'uploading';
        setState({ step });
        await upload(announced, file, signal);
        now.uploaded = true;
        const entry = unimported.get(key);
        if (entry !== undefined) entry.uploaded = true;
        if (signal.aborted) return;
      }
      step = 'importing';
      setState({ step, report: null, waiting: null });
      await importUntilDone(
        importId,
        (report) => {
          // Called now: `importing`, continued from its page when stopped.
          unimported.delete(key);
          setState({ step: 'importing', report, waiting: null });
        },
        signal,
        {
          onWait: (waiting) => {
            setState((last) => (last.step === 'importing' ? { ...last, waiting } : last));
          },
        },
      );
      if (signal.aborted) return;
      running.current = null;
      onDone(importId);
    } catch (error) {
      if (signal.aborted || error instanceof ImportStopped) return;
      running.current = null;
      // A link the storage refuses, or a package the server no longer has: Try again announces
      // the file anew rather than repeating what cannot succeed.
      const refusedLink =
        step === 'uploading' && error instanceof UploadFailed && error.status === 403;
      if (refusedLink || (step === 'importing' && isPackageGone(error))) {
        now.announced = null;
        now.uploaded = false;
        unimported.delete(key);
      }
      setState({ step: 'failed', failedAt: step, error });
    }
  };

  /** Forgets what was done: the next start announces the file again (or takes up one kept). */
  const reset = () => {
    stop();
    progress.current = null;
    setState({ step: 'idle' });
  };

  return { state, start, stop, reset };
};
