import { lstat, readdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, parse, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPOSITORY_ROOT, readEnv } from './env';
import { RUNNING_MARKER } from './running-marker';
import { CLAMD_DIR, MALWARE_SCAN_MARK } from './services/malware-engine';
import { OUTBOX_DIR } from './services/outbox';
import { readStackFile, STACK_FILE } from './provision';
import { DamagedFileError } from './services/atomic-file.mjs';

export type ResetOutcome = 'deleted' | 'absent';

/** What a data folder of the offline stack holds (src/stack.ts). */
const LAYOUT = new Set([
  STACK_FILE,
  RUNNING_MARKER,
  OUTBOX_DIR,
  'cognito',
  'dynamodb',
  's3',
  'mail',
  CLAMD_DIR,
  MALWARE_SCAN_MARK,
]);

/**
 * Whether the folder is ours: it holds our stack.json; or a stack.json a crash or a disk damaged
 * (that is what reset is for) and nothing but the stack's own folders beside it.
 */
const isOurs = async (dir: string, entries: readonly string[]): Promise<boolean> => {
  try {
    return (await readStackFile(dir)) !== undefined;
  } catch (err) {
    if (!(err instanceof DamagedFileError)) return false;
    return entries.every(
      (e) =>
        LAYOUT.has(e) ||
        e.startsWith(`${STACK_FILE}.tmp-`) ||
        e.startsWith(`${MALWARE_SCAN_MARK}.tmp-`),
    );
  }
};

/**
 * Deletes the offline stack's data folder, after saying what goes. Refuses anything that is not a
 * directory holding our stack.json (or an empty directory), and a few places that are never ours
 * (filesystem root, home, the repository itself or a folder containing it): a mistyped DATA_DIR
 * must not cost anyone their files.
 */
export const resetDataDir = async (
  dataDir: string,
  log: (line: string) => void = console.log,
): Promise<ResetOutcome> => {
  const dir = resolve(dataDir);
  const contains = (parent: string, child: string) => {
    const rel = relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !parse(rel).root);
  };
  if (dir === parse(dir).root || dir === resolve(homedir()) || contains(dir, REPOSITORY_ROOT)) {
    throw new Error(`Refusing to delete ${dir}: it is not an offline-stack data folder.`);
  }
  const stat = await lstat(dir).catch(() => undefined);
  if (!stat) {
    log(`Nothing to delete: ${dir} does not exist.`);
    return 'absent';
  }
  if (!stat.isDirectory()) {
    throw new Error(`Refusing to delete ${dir}: it is not a directory.`);
  }
  const entries = (await readdir(dir)).sort();
  if (entries.length > 0 && !(await isOurs(dir, entries))) {
    throw new Error(
      `Refusing to delete ${dir}: it holds no ${STACK_FILE} of the offline stack (and is not empty).`,
    );
  }
  log(`Deleting the offline stack's data: ${dir}`);
  for (const entry of entries) log(`  ${join(dir, entry)}`);
  await rm(dir, { recursive: true, force: true });
  log('Done. The next start provisions everything afresh (and sends a new invitation).');
  return 'deleted';
};

// `npm run reset`: the data folder from the environment (DATA_DIR, default <repo>/.data).
const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  try {
    await resetDataDir(readEnv().DATA_DIR);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
