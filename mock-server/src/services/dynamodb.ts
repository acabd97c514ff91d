import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as z from 'zod';
import type { DynamoDbOptions } from './dynalite-server';
import { type Stoppable, urlHost } from './net';
import { startServiceThread } from './thread-messages';

export type { DynamoDbOptions } from './dynalite-server';

export interface RunningDynamoDb extends Stoppable {
  url: string;
  port: number;
}

const readyMessage = z.object({ type: z.literal('ready'), port: z.number() });

/**
 * The thread's entry next to this module: the bundle's (scripts/start.mjs builds
 * dist/dynamodb-thread.mjs beside dist/server.mjs), or the TypeScript source under tsx or vitest,
 * which a worker loads only with tsx registered in it.
 */
const entryOf = (here: string): { url: URL; execArgv: string[] } =>
  here.endsWith('.ts')
    ? {
        url: new URL('./dynamodb-thread.ts', here),
        execArgv: ['--import', pathToFileURL(createRequire(here).resolve('tsx')).href],
      }
    : { url: new URL('./dynamodb-thread.mjs', here), execArgv: [] };

/**
 * DynamoDB offline: dynalite on disk (dynalite-server.ts), on a worker thread of this process —
 * its own event loop on the second core, as DynamoDB is a service apart from the Lambda functions
 * that call it. On one event loop with the handlers, dynalite's work (its request parsing,
 * validation, LevelDB reads and writes, the transactions in front of it) queued behind theirs and
 * theirs behind it: an import's 1,000 objects with their documents joining the study took a third
 * longer (issue 34's budget). The handlers reach it over HTTP as before.
 */
export const startDynamoDb = async (options: DynamoDbOptions): Promise<RunningDynamoDb> => {
  const entry = entryOf(import.meta.url);
  const worker = new Worker(entry.url, { workerData: options, execArgv: entry.execArgv });
  // Closing waits for LevelDB to close (a restart on the folder must reopen it); never forever.
  const thread = await startServiceThread(worker, readyMessage, {
    name: 'The local DynamoDB (dynalite)',
    stopWithinMs: 10_000,
  });
  return {
    url: `http://${urlHost(options.host)}:${String(thread.ready.port)}`,
    port: thread.ready.port,
    stop: thread.stop,
  };
};
