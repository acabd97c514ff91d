import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The lowest port the kernel hands out to outgoing connections (Linux:
 * /proc/sys/net/ipv4/ip_local_port_range, 32768 by default). A test server that must keep its
 * port across restarts (the crash tests start the console on the same ports many times over
 * minutes) takes one below it: a port from the ephemeral range can be taken between two starts
 * by any outgoing connection of the machine, which is how a crash run once failed with
 * `EADDRINUSE`.
 */
const ephemeralLow = (() => {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/u)[0],
    );
    return Number.isInteger(low) && low > 2048 ? low : 32768;
  } catch {
    return 32768;
  }
})();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(true);
      });
    });
  });

const handedOut = new Set<number>();

/**
 * Vitest workers running test files side by side (the crash tests, one console each) take ports
 * from separate slices of the range: a port is free only between two starts of a console, so a
 * worker checking "free right now" could otherwise take one another worker's console is about to
 * start on again. VITEST_POOL_ID is the worker's number, 1 to maxWorkers; outside vitest (the
 * bench) one slice is the whole range.
 */
const SLICES = 4;
const slice = (() => {
  const id = Number(process.env.VITEST_POOL_ID);
  return Number.isInteger(id) && id >= 1 ? (id - 1) % SLICES : null;
})();

/**
 * A port free right now on the loopback interface, outside the kernel's ephemeral range, in this
 * worker's slice of it and not handed out before by this process.
 */
export const freePort = async (): Promise<number> => {
  const bottom = 20000;
  const span =
    slice === null ? ephemeralLow - bottom : Math.floor((ephemeralLow - bottom) / SLICES);
  const low = bottom + (slice ?? 0) * span;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = low + Math.floor(Math.random() * span);
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${String(low)} and ${String(low + span)}`);
};
