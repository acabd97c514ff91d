// Types of atomic-file.mjs (plain JS, so that the mail catcher's worker thread can load it too).

/** A file that exists but cannot be what it should be: the start stops on it, naming it. */
export declare class DamagedFileError extends Error {
  readonly path: string;
  /**
   * @param what what the file holds, for the reader of the message
   * @param problem what is wrong with it, e.g. "is empty"
   */
  constructor(path: string, what: string, problem: string);
}

/**
 * Replaces `path` with `data` so that a crash at any moment leaves either the old content or the
 * new: a temporary file beside it, fsynced, renamed over it, the directory fsynced.
 */
export declare function writeFileAtomic(
  path: string,
  data: string | Uint8Array | AsyncIterable<string | Uint8Array>,
  options?: {
    /** Of a new file (default 0o666, less the umask). */
    mode?: number;
    /**
     * Runs once the data is safely in the temporary file, just before it replaces `path`; if it
     * fails, `path` stays as it was.
     */
    beforeRename?: () => Promise<void>;
  },
): Promise<void>;

/**
 * A JSON file the stack keeps: undefined when there is none. Empty, not JSON, or refused by
 * `reviver`: a DamagedFileError naming it.
 */
export declare function readJsonFile(
  path: string,
  what: string,
  reviver?: (this: unknown, key: string, value: unknown) => unknown,
): Promise<unknown>;
