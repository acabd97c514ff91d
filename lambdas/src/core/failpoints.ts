import { writeSync } from 'node:fs';

/**
 * Named places where a crash test may stop the process (issue 32): the write journal passes one
 * after it records a write (`journal:<kind>:begun`) and after each step ran but before the journal
 * knows it (`journal:<kind>:<step>`) — the moments where a process killed leaves the most to
 * finish. Nothing arms them in AWS: only the offline console does, from its `FAILPOINTS`
 * variable (mock-server/src/env.ts), so a test can kill it at exactly one of them, never by
 * timing.
 *
 * - a name: the process dies (SIGKILL, as `kill -9` would) when it reaches that place;
 * - `trace`: every place reached is printed (`failpoint: passed <name>`), so a test learns which
 *   places a call passes before it arms them one by one.
 */

const armed = new Set<string>();
let tracing = false;

/** What a reached, armed failpoint does; tests of this module replace it. */
let onHit = (name: string): void => {
  writeSync(2, `failpoint: killing the process at ${name}\n`);
  process.kill(process.pid, 'SIGKILL');
};

/** Arms the failpoints named (comma-separated list, or `trace`); an empty list disarms all. */
export const armFailpoints = (names: readonly string[], hit?: (name: string) => void): void => {
  armed.clear();
  tracing = false;
  for (const name of names.map((n) => n.trim()).filter((n) => n !== '')) {
    if (name === 'trace') tracing = true;
    else armed.add(name);
  }
  if (hit !== undefined) onHit = hit;
};

/** Passes the failpoint `name`: nothing unless a test armed it. */
export const failpoint = (name: string): void => {
  if (tracing) writeSync(2, `failpoint: passed ${name}\n`);
  if (armed.has(name)) onHit(name);
};
