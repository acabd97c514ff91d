import type { ImportDetail } from '@ccsc/contract/documents';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../../lib/api';
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

/** A call without progress is followed by the next after this pause, not at once. */
const IDLE_PAUSE_MS = 1000;

/** Resolves after `ms`, or at once when the import is stopped. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
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

/**
 * s3documents/import-etmf until the import is no longer `importing`: the server imports a large
 * package over several calls, each going on where the last stopped (nothing is filed twice).
 * `onProgress` hears every answer; a call that brought no progress is followed by the next after a
 * pause rather than at once. Stopping (`signal`) ends it with `ImportStopped` after the current
 * call; the import stays where it was and can be continued from its page.
 */
export const importUntilDone = async (
  importId: string,
  onProgress: (report: ImportDetail) => void,
  signal: AbortSignal,
): Promise<ImportDetail> => {
  // A function, not the property: the signal changes while the calls are awaited.
  const stopped = () => signal.aborted;
  let done = -1;
  for (;;) {
    const { import: report } = await callApi('s3documents/import-etmf', { importId });
    if (stopped()) throw new ImportStopped();
    onProgress(report);
    if (report.state !== 'importing') return report;
    const now = filesDone(report);
    if (now === done) await pause(IDLE_PAUSE_MS, signal);
    if (stopped()) throw new ImportStopped();
    done = now;
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
  | { step: 'importing'; report: ImportDetail | null }
  | { step: 'failed'; failedAt: 'announcing' | 'uploading' | 'importing'; error: unknown };

/** What has been done for the file chosen, so that Try again does not do it twice. */
interface Progress {
  file: File;
  announced: {
    importId: string;
    url: string;
    headers: Record<string, string>;
    expiresAt: string;
  } | null;
  uploaded: boolean;
}

/** The presigned PUT is not used this close to its end (the upload itself takes time). */
const LINK_MARGIN_MS = 60_000;

/**
 * The eTMF-EMS import of a package into a study, in three steps: announce it
 * (s3documents/import-etmf-upload: the import and a presigned PUT), PUT the file's bytes, then
 * s3documents/import-etmf until the import is no longer `importing`; then `onDone` with its id.
 * A failed step is said (`failed`), and `start` with the same file goes on from that step: the
 * announced import is kept (announced again only once its upload link has expired, or nearly),
 * an uploaded package is not uploaded again. Another file starts afresh. `stop` (and leaving the
 * screen) ends the flow where it is, silently.
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
    let step: 'announcing' | 'uploading' | 'importing' = 'announcing';
    try {
      const expired =
        now.announced !== null && Date.parse(now.announced.expiresAt) - LINK_MARGIN_MS < Date.now();
      if (now.announced === null || (!now.uploaded && expired)) {
        setState({ step: 'announcing' });
        const answer = await callApi('s3documents/import-etmf-upload', {
          studyId,
          fileName: file.name,
          size: file.size,
        });
        if (signal.aborted) return;
        now.announced = { importId: answer.import.importId, ...answer.upload };
        now.uploaded = false;
      }
      const { importId } = now.announced;
      if (!now.uploaded) {
        step = 'uploading';
        setState({ step });
        await upload(now.announced, file, signal);
        if (signal.aborted) return;
        now.uploaded = true;
      }
      step = 'importing';
      setState({ step, report: null });
      await importUntilDone(
        importId,
        (report) => {
          setState({ step: 'importing', report });
        },
        signal,
      );
      if (signal.aborted) return;
      running.current = null;
      onDone(importId);
    } catch (error) {
      if (signal.aborted || error instanceof ImportStopped) return;
      running.current = null;
      setState({ step: 'failed', failedAt: step, error });
    }
  };

  /** Forgets what was done: the next start announces the file again. */
  const reset = () => {
    stop();
    progress.current = null;
    setState({ step: 'idle' });
  };

  return { state, start, stop, reset };
};
