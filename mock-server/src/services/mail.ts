import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import * as z from 'zod';
import type { Stoppable } from './net';
import { urlHost } from './net';
import { nextMessage } from './thread-messages';

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

const workerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), smtpPort: z.number(), webPort: z.number() }),
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({ type: z.literal('stopped') }),
]);
type WorkerMessage = z.infer<typeof workerMessage>;

const nextMailMessage = (worker: Worker): Promise<WorkerMessage> =>
  nextMessage(worker, workerMessage, 'mail');

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

  const first = await nextMailMessage(worker).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  if (first.type !== 'ready') {
    await worker.terminate();
    throw new Error(
      `maildev did not start: ${first.type === 'failed' ? first.message : first.type}`,
    );
  }
  // A crash of the thread after start must not take the process down with an unhandled 'error'.
  worker.on('error', (err) => {
    console.error('The local mail catcher (maildev) failed:', err);
  });
  const host = urlHost(options.host);
  return {
    smtp: { host, port: first.smtpPort },
    uiUrl: `http://${host}:${String(first.webPort)}`,
    async stop() {
      const stopped = nextMailMessage(worker).catch(() => undefined);
      worker.postMessage('stop');
      // maildev closes its servers in well under a second; never let a stuck one block stop().
      const answer = await Promise.race([stopped, delay(5000, undefined, { ref: false })]);
      await worker.terminate();
      if (answer?.type === 'failed') throw new Error(`maildev did not stop: ${answer.message}`);
    },
  };
};
