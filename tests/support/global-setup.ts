import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startConsole, type RunningConsole } from '@ccsc/mock-server';
import { CONSOLE_OUTPUT_FILE, type ConsoleInfo, consoleInfo, testEnv } from './console';

export type { ConsoleInfo } from './console';

declare module 'vitest' {
  export interface ProvidedContext {
    console: ConsoleInfo;
  }
}

let running: RunningConsole | undefined;
let dataDir: string | undefined;

let output: WriteStream | undefined;

/**
 * Everything the console's process writes (the handlers' log lines among it) is also kept in the
 * data folder, so a test can read what a Lambda would have sent to CloudWatch Logs.
 */
const keepOutput = (file: string) => {
  output = createWriteStream(file, { flags: 'a' });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = (chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) output?.write(chunk);
      return write(chunk, ...rest);
    };
  }
};

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(join(tmpdir(), 'ccsc-it-'));
  keepOutput(join(dataDir, CONSOLE_OUTPUT_FILE));
  // The scheduled jobs every 10 s, not every minute: a reminder or a release a test made due (a
  // stored date moved back) comes within seconds rather than at the next minute.
  const env = testEnv(dataDir, { JOBS_EVERY_SECONDS: '10' });
  running = await startConsole(env);
  project.provide('console', consoleInfo(running, env));
}

export async function teardown() {
  await running?.stop();
  output?.end();
  output = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
