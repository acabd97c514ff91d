import type { Worker } from 'node:worker_threads';
import type * as z from 'zod';

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
