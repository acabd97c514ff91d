import { Worker } from 'node:worker_threads';
import * as z from 'zod';
import type { Stoppable } from './net';
import { publicHost, urlHost } from './net';
import { startServiceThread } from './thread-messages';

export interface MailOptions {
  /** Where maildev keeps the messages (.eml files), so the inbox survives restarts. */
  directory: string;
  host: string;
  smtpPort: number;
  uiPort: number;
  debug: boolean;
}

export interface RunningMail extends Stoppable {
  smtp: { host: string; port: number };
  /** The web inbox; its REST API is under /api (GET /api/email lists every message). */
  uiUrl: string;
}

const readyMessage = z.object({
  type: z.literal('ready'),
  smtpPort: z.number(),
  webPort: z.number(),
});

/**
 * maildev 3 (SMTP, web inbox, REST API) with its mail directory, on a worker thread of this
 * process (see mail-worker.mjs for why). maildev prints one line on start even when silent; the
 * worker's stdout is dropped unless debugging.
 */
export const startMail = async (options: MailOptions): Promise<RunningMail> => {
  const worker = new Worker(new URL('./mail-worker.mjs', import.meta.url), {
    workerData: {
      smtp: options.smtpPort,
      ip: options.host,
      web: options.uiPort,
      webIp: options.host,
      mailDirectory: options.directory,
      silent: !options.debug,
      verbose: options.debug,
    },
    stdout: !options.debug,
    // The worker is plain JS: it needs none of the loaders (tsx, vitest) this thread may run with,
    // and loading maildev through them is measurably slower.
    execArgv: [],
  });
  if (!options.debug) worker.stdout.resume();

  // maildev closes its servers in well under a second; never let a stuck one block stop().
  const thread = await startServiceThread(worker, readyMessage, {
    name: 'The local mail catcher (maildev)',
    stopWithinMs: 5000,
  });
  const host = urlHost(options.host);
  return {
    smtp: { host, port: thread.ready.smtpPort },
    // People open it: named as the console is.
    uiUrl: `http://${publicHost(options.host)}:${String(thread.ready.webPort)}`,
    stop: thread.stop,
  };
};
