import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startConsole, type RunningConsole } from '@ccsc/mock-server';
import { type ConsoleInfo, consoleInfo, testEnv } from './console';

export type { ConsoleInfo } from './console';

declare module 'vitest' {
  export interface ProvidedContext {
    console: ConsoleInfo;
  }
}

let running: RunningConsole | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(join(tmpdir(), 'ccsc-it-'));
  const env = testEnv(dataDir);
  running = await startConsole(env);
  project.provide('console', consoleInfo(running, env));
}

export async function teardown() {
  await running?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
