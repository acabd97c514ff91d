import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ClamdAddress, createClamdClient, DEFAULT_MAX_SCAN_BYTES } from './clamd-client';
import type { Stoppable } from './net';

export interface ClamdProcessOptions {
  /** The clamd binary (Debian's clamav-daemon: /usr/sbin/clamd). */
  binary: string;
  /** Its config, pid file, log and socket go to `<directory>`. */
  directory: string;
  /** The signature databases: the shipped `mock-server/clamav`. */
  databaseDirectory: string;
  /** Also listen on TCP (as docker-compose.yml's clamd service does). */
  tcp?: { host: string; port: number };
}

export interface RunningClamd extends Stoppable {
  address: ClamdAddress;
  /** Settles once clamd has loaded its signatures and answers PING (or has failed to start). */
  ready: Promise<void>;
}

/** A unix socket path longer than this does not fit sockaddr_un (108 bytes with the NUL). */
const MAX_SOCKET_PATH = 100;
const READY_POLL_MS = 100;
const READY_WITHIN_MS = 60_000;
const STOP_WITHIN_MS = 5_000;

/** clamd.conf for a clamd that lives as long as this process: its files under `directory`. */
export const clamdConfig = (options: {
  directory: string;
  databaseDirectory: string;
  socket?: string;
  tcp?: { host: string; port: number };
}): string =>
  [
    '# Written at every start by mock-server (src/services/clamd-process.ts); edits are lost.',
    `DatabaseDirectory ${options.databaseDirectory}`,
    ...(options.socket !== undefined ? [`LocalSocket ${options.socket}`] : []),
    ...(options.tcp
      ? [`TCPSocket ${String(options.tcp.port)}`, `TCPAddr ${options.tcp.host}`]
      : []),
    'Foreground yes',
    `PidFile ${join(options.directory, 'clamd.pid')}`,
    `LogFile ${join(options.directory, 'clamd.log')}`,
    'LogTime yes',
    // The database is shipped and never changes while clamd runs.
    'SelfCheck 0',
    `StreamMaxLength ${String(DEFAULT_MAX_SCAN_BYTES / 1024 / 1024)}M`,
    '',
  ].join('\n');

/**
 * A clamd left running by a process that was killed (clamd outlives its parent): found by the
 * pid file and stopped, unless that pid is now something else.
 */
const stopLeftover = async (directory: string): Promise<void> => {
  const pid = Number(await readFile(join(directory, 'clamd.pid'), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return;
  const cmdline = await readFile(`/proc/${String(pid)}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('clamd') || !cmdline.includes(join(directory, 'clamd.conf'))) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let waited = 0; waited < STOP_WITHIN_MS; waited += READY_POLL_MS) {
    await sleep(READY_POLL_MS);
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
};

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) =>
        child.once('exit', () => {
          resolve();
        }),
      );

/**
 * Starts clamd in the foreground as a child of this process and returns at once: loading the
 * signatures takes seconds, and nothing but a scan needs them (scans wait for `ready`).
 */
export const startClamd = async (options: ClamdProcessOptions): Promise<RunningClamd> => {
  const { directory } = options;
  await mkdir(directory, { recursive: true });
  await stopLeftover(directory);
  const socketPath = join(directory, 'clamd.sock');
  // A long data folder cannot hold a unix socket: clamd then listens on the loopback instead.
  const socket = socketPath.length <= MAX_SOCKET_PATH ? socketPath : undefined;
  const tcp = options.tcp ?? (socket === undefined ? await freeLoopback() : undefined);
  await rm(socketPath, { force: true });
  const configPath = join(directory, 'clamd.conf');
  await writeFile(
    configPath,
    clamdConfig({ directory, databaseDirectory: options.databaseDirectory, socket, tcp }),
  );
  const address: ClamdAddress =
    socket !== undefined ? { socket } : { host: tcp?.host ?? '127.0.0.1', port: tcp?.port ?? 3310 };

  const child = spawn(options.binary, ['-c', configPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-2000);
  });
  const spawnFailed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      reject(
        new Error(
          `clamd stopped before it was ready (${signal ?? `exit code ${String(code)}`}): ${
            stderr.trim() || `see ${join(directory, 'clamd.log')}`
          }`,
        ),
      );
    });
  });
  spawnFailed.catch(() => undefined);
  const client = createClamdClient({ address, timeoutMs: 2_000 });
  const ready = (async () => {
    const deadline = Date.now() + READY_WITHIN_MS;
    for (;;) {
      const answered = await Promise.race([
        client.ping().then(
          () => true,
          () => false,
        ),
        spawnFailed,
      ]);
      if (answered) return;
      if (Date.now() > deadline) {
        throw new Error(`clamd did not answer within ${String(READY_WITHIN_MS / 1000)} s`);
      }
      await sleep(READY_POLL_MS);
    }
  })();
  ready.catch(() => undefined);

  let stopping: Promise<void> | undefined;
  return {
    address,
    ready,
    stop: () =>
      (stopping ??= (async () => {
        const gone = exited(child);
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
        await gone;
        clearTimeout(timer);
        await rm(socketPath, { force: true });
      })()),
  };
};

/** A free TCP port on the loopback, for a clamd whose socket path would be too long. */
const freeLoopback = async (): Promise<{ host: string; port: number }> => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const bound = server.address();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return { host: '127.0.0.1', port: typeof bound === 'object' && bound !== null ? bound.port : 0 };
};
