// The one way the offline stack writes and reads the files it keeps (types: atomic-file.d.mts).
// Plain JS so that the mail catcher's worker thread (mail-worker.mjs), which loads no TypeScript,
// uses it too.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A file that exists but cannot be what it should be: the start stops on it, naming it. */
export class DamagedFileError extends Error {
  /**
   * @param {string} path the file
   * @param {string} what what it holds, for the reader of the message
   * @param {string} problem what is wrong with it, e.g. "is empty"
   */
  constructor(path, what, problem) {
    super(
      `${path} (${what}) ${problem}. The console will not start on a damaged store: ` +
        'restore it or run `npm run reset` to start afresh.',
    );
    this.name = 'DamagedFileError';
    this.path = path;
  }
}

// Filesystems that cannot fsync a directory say so with one of these; the rename stands anyway.
const UNSYNCABLE_DIRECTORY = new Set(['EINVAL', 'ENOTSUP', 'EPERM', 'EISDIR', 'EBADF']);

const syncDirectory = async (directory) => {
  let handle;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (err) {
    if (!UNSYNCABLE_DIRECTORY.has(err?.code)) throw err;
  } finally {
    await handle?.close();
  }
};

/**
 * Replaces `path` with `data` so that a crash at any moment leaves either the old content or the
 * new, never a mix or a cut: the data goes to `<path>.tmp-<pid>-<random>` beside it, is fsynced,
 * renamed over `path` (atomic on POSIX filesystems), and the directory is fsynced so that the
 * rename itself lasts. A failure on the way (the source stream erring, a full disk) removes the
 * temporary file and leaves `path` as it was. A crash can leave a temporary file behind; nothing
 * reads those.
 *
 * @param {string} path
 * @param {string | Uint8Array | AsyncIterable<string | Uint8Array>} data
 * @param {{ mode?: number, beforeRename?: () => Promise<void> }} [options] `mode`: of a new file
 *   (default 0o666, less the umask); `beforeRename`: runs once the data is safely in the temporary
 *   file, just before it replaces `path` (to change what goes with the file only when it will
 *   change too); if it fails, `path` stays as it was
 */
export const writeFileAtomic = async (path, data, options = {}) => {
  const temporary = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    const handle = await open(temporary, 'wx', options.mode ?? 0o666);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
  await syncDirectory(dirname(path));
};

/**
 * Reads a JSON file the stack keeps: undefined when there is none, the parsed value otherwise. A
 * file that exists but is empty, or is not JSON (a crash cut it short, a hand edited it), or that
 * `reviver` refuses, is never taken as empty: it throws a DamagedFileError naming it.
 *
 * @param {string} path
 * @param {string} what what the file holds, named in the error
 * @param {(this: unknown, key: string, value: unknown) => unknown} [reviver] as for JSON.parse
 * @returns {Promise<unknown>}
 */
export const readJsonFile = async (path, what, reviver) => {
  let text;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (err?.code === 'ENOENT') return undefined;
    throw err;
  }
  if (text.trim() === '') {
    throw new DamagedFileError(path, what, 'is empty: it may have been cut short by a crash');
  }
  try {
    return JSON.parse(text, reviver);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new DamagedFileError(
      path,
      what,
      `is not valid JSON (${why}): it may have been cut short by a crash`,
    );
  }
};
