import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a crash test writes the failpoints it wants armed next (one name per line or comma). */
export const FAILPOINTS_FILE = 'failpoints';

/**
 * Crash tests only (tests/crash/): SIGUSR2 re-arms the failpoints from <dataDir>/failpoints, on
 * top of those the console started with (`trace`, say), and says so on stdout, so a test can arm
 * the next step of a write without a restart of its own. Installed only when the console was
 * started with FAILPOINTS; answers how to remove it.
 */
export const rearmOnSignal = (
  dataDir: string,
  atStart: readonly string[],
  arm: (names: readonly string[]) => void,
): (() => void) => {
  const rearm = () => {
    let names: string[] = [];
    try {
      names = readFileSync(join(dataDir, FAILPOINTS_FILE), 'utf8')
        .split(/[\s,]+/u)
        .filter((n) => n !== '');
    } catch {
      // no file: only those it started with
    }
    arm([...atStart, ...names]);
    process.stdout.write(`failpoints: armed ${[...atStart, ...names].join(',')}\n`);
  };
  process.on('SIGUSR2', rearm);
  return () => {
    process.off('SIGUSR2', rearm);
  };
};
