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

/**
 * `sh -c WATCHDOG <clamd> <config>`: clamd in the background, its stdin not the pipe; a reader of
 * the pipe (fd 3: a background list's stdin is /dev/null) that stops clamd once the pipe closes;
 * the shell waits for clamd and exits with its status.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$0" -c "$1" </dev/null 3<&- &',
  'clamd=$!',
  '{ read -r _ <&3; kill "$clamd" 2>/dev/null; } &',
  'wait "$clamd"',
].join('\n');

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
export const stopLeftover = async (directory: string): Promise<void> => {
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
  // Port 0 (tests): a free port chosen here, clamd has no way to tell which one it bound.
  const tcp =
    options.tcp !== undefined && options.tcp.port === 0
      ? { host: options.tcp.host, port: (await freeLoopback()).port }
      : (options.tcp ?? (socket === undefined ? await freeLoopback() : undefined));
  await rm(socketPath, { force: true });
  const configPath = join(directory, 'clamd.conf');
  await writeFile(
    configPath,
    clamdConfig({ directory, databaseDirectory: options.databaseDirectory, socket, tcp }),
  );
  // The tests ask for TCP (as docker-compose.yml's service listens); otherwise the socket.
  const address: ClamdAddress =
    socket !== undefined && options.tcp === undefined
      ? { socket }
      : { host: tcp?.host ?? '127.0.0.1', port: tcp?.port ?? 3310 };

  // clamd outlives a parent that is killed (the crash tests kill the console again and again):
  // a shell between them holds a pipe from this process and stops clamd when it closes, which
  // the kernel does when this process dies, however it dies. The shell exits with clamd.
  const child = spawn('/bin/sh', ['-c', WATCHDOG, options.binary, configPath], {
    stdio: ['pipe', 'ignore', 'pipe'],
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
        child.stdin.end(); // the watchdog stops clamd (SIGTERM) and exits with it
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          void stopLeftover(directory);
        }, STOP_WITHIN_MS);
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
