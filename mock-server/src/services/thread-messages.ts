import { setTimeout as delay } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import * as z from 'zod';

/**
 * The next message of a service's worker thread (maildev: mail.ts; dynalite: dynamodb.ts), checked
 * against what that thread may say; a thread that fails or exits first rejects it.
 */
export const nextMessage = <T>(worker: Worker, schema: z.ZodType<T>, name: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (raw: unknown) => {
      cleanup();
      const parsed = schema.safeParse(raw);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`Unexpected message from the ${name} thread: ${JSON.stringify(raw)}`));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`The ${name} thread exited (code ${String(code)})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });

/** What every service thread may say besides its own `ready` message. */
const lifecycleMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({ type: z.literal('stopped') }),
]);

export interface ServiceThread<Ready> {
  /** The thread's `ready` message: the ports it listens on. */
  readonly ready: Ready;
  /** Asks the thread to stop, waits for `stopped` (never longer than `stopWithinMs`), ends it. */
  readonly stop: () => Promise<void>;
}

/**
 * The one way a service runs on a worker thread of this process (dynalite: dynamodb.ts; maildev:
 * mail.ts): wait for its `ready` (or `failed`, or its end) and end the thread if it never comes;
 * afterwards, log a crash rather than take the process down with an unhandled 'error'; to stop,
 * post 'stop' and wait for `stopped`, within a bound, then end the thread either way.
 */
export const startServiceThread = async <Ready extends { type: 'ready' }>(
  worker: Worker,
  readySchema: z.ZodType<Ready>,
  service: { readonly name: string; readonly stopWithinMs: number },
): Promise<ServiceThread<Ready>> => {
  const messages = z.union([readySchema, lifecycleMessage]);
  const first = await nextMessage(worker, messages, service.name).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  if (first.type !== 'ready') {
    await worker.terminate();
    throw new Error(
      `${service.name} did not start: ${first.type === 'failed' ? first.message : first.type}`,
    );
  }
  worker.on('error', (err) => {
    console.error(`${service.name} failed:`, err);
  });
  return {
    ready: first,
    stop: async () => {
      const stopped = nextMessage(worker, lifecycleMessage, service.name).catch(() => undefined);
      worker.postMessage('stop');
      const answer = await Promise.race([
        stopped,
        delay(service.stopWithinMs, undefined, { ref: false }),
      ]);
      await worker.terminate();
      if (answer?.type === 'failed') {
        throw new Error(`${service.name} did not stop: ${answer.message}`);
      }
    },
  };
};
