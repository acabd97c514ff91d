import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './services/atomic-file.mjs';

/**
 * A file in the data folder while a console runs on it: found at start-up, it says the last
 * console did not stop cleanly (killed, crashed, the machine lost power), so whatever it was doing
 * may be half done. Removed on a clean stop.
 */
export const RUNNING_MARKER = 'console.running';

/** Marks the folder in use; answers whether the previous console left it marked (an unclean stop). */
export const markRunning = async (dataDir: string): Promise<boolean> => {
  const path = join(dataDir, RUNNING_MARKER);
  const unclean = await readFile(path, 'utf8').then(
    () => true,
    (err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    },
  );
  await writeFileAtomic(
    path,
    `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() })}\n`,
  );
  return unclean;
};

/** A clean stop: the folder is no longer in use. */
export const clearRunning = (dataDir: string): Promise<void> =>
  rm(join(dataDir, RUNNING_MARKER), { force: true });
