import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseThreadReply, type ThreadMessage } from './scan-result-messages';

/** What the scan result's function answers for one GuardDuty event (`documentScanResult`). */
export interface ScanResultAnswer {
  outcome: string;
  documentId: string | null;
}
type ScanResultHandler = (event: unknown) => Promise<ScanResultAnswer>;

export interface ScanResultThread {
  /** GuardDuty's event to the scan result's function; rejects when it failed (retried). */
  handle: ScanResultHandler;
  /** The crash tests' failpoints re-armed (SIGUSR2): the thread arms the same. */
  arm(names: readonly string[]): void;
  /** Waits a little for the events under way, then ends the thread. */
  stop(): Promise<void>;
}

/** How long a stop waits for the verdicts under way before it ends the thread regardless. */
const STOP_WAIT_MS = 10_000;

/**
 * The thread's entry next to this module: the bundle's (scripts/start.mjs builds
 * dist/scan-result-worker.mjs beside dist/server.mjs), or the TypeScript source under tsx or
 * vitest, which a worker loads only with tsx registered in it.
 */
const entryOf = (here: string): { url: URL; execArgv?: string[] } =>
  here.endsWith('.ts')
    ? {
        url: new URL('./scan-result-worker.ts', here),
        execArgv: ['--import', pathToFileURL(createRequire(here).resolve('tsx')).href],
      }
    : { url: new URL('./scan-result-worker.mjs', here) };

/**
 * The scan result's function (issue 34) run as AWS runs it, apart from the console's API: in a
 * worker thread (scan-result-worker.ts), its own V8 isolate on the second core, so an import's
 * joins do not compete with the import's own calls on one event loop. Started on the first event
 * (the handlers' environment is set by then); it is a copy of the console's environment. A thread
 * that cannot start, or stops, leaves the verdicts to `inProcess` (the console's own process, as
 * before), said once.
 */
export const startScanResultThread = (options: {
  failpoints: readonly string[];
  inProcess: ScanResultHandler;
  log?: (message: string, err?: unknown) => void;
  /** Tests: another entry for the thread (one that fails, say). */
  entry?: { url: URL; execArgv?: string[] };
}): ScanResultThread => {
  const log =
    options.log ??
    ((message: string, err?: unknown) => {
      console.error(message, ...(err !== undefined ? [err] : []));
    });
  let armed = [...options.failpoints];
  let worker: Worker | undefined;
  let ready: Promise<boolean> | undefined;
  let failed = false;
  let stopping = false;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (answer: ScanResultAnswer) => void; reject: (err: Error) => void }
  >();
  let drained: (() => void) | undefined;

  const settle = (id: number): ReturnType<typeof pending.get> => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) drained?.();
    return call;
  };

  const fallBack = (why: string, err?: unknown): void => {
    if (failed) return;
    failed = true;
    worker = undefined;
    if (!stopping) {
      log(
        `scan result: the worker thread ${why}; verdicts are applied in the console's process`,
        err,
      );
    }
    for (const id of [...pending.keys()]) {
      settle(id)?.reject(new Error(`the scan result's thread ${why}`));
    }
  };

  const start = (): Promise<boolean> =>
    new Promise((resolve) => {
      const entry = options.entry ?? entryOf(import.meta.url);
      let started: Worker;
      try {
        const message: ThreadMessage = { type: 'arm', names: armed };
        started = new Worker(entry.url, {
          workerData: message,
          ...(entry.execArgv !== undefined ? { execArgv: entry.execArgv } : {}),
        });
      } catch (err) {
        fallBack('could not start', err);
        resolve(false);
        return;
      }
      // Nothing waits on the thread itself: the console's stop ends it.
      started.unref();
      worker = started;
      started.on('message', (data: unknown) => {
        const reply = parseThreadReply(data);
        if (reply === undefined) return;
        if ('ready' in reply) {
          resolve(true);
          return;
        }
        const call = settle(reply.id);
        if (reply.ok) call?.resolve({ outcome: reply.outcome, documentId: reply.documentId });
        else call?.reject(new Error(reply.error));
      });
      started.on('error', (err) => {
        fallBack('failed', err);
        resolve(false);
      });
      started.on('exit', (code) => {
        fallBack(`ended (exit code ${String(code)})`);
        resolve(false);
      });
    });

  // A verdict after the stop is refused (the stand-in, stopped too, does not retry it).
  const refuseWhenStopping = (): void => {
    if (stopping) throw new Error('the console is stopping');
  };

  const handle: ScanResultHandler = async (event) => {
    refuseWhenStopping();
    if (!failed) ready ??= start();
    const running = (await ready) === true && !failed ? worker : undefined;
    refuseWhenStopping();
    if (running === undefined) return options.inProcess(event);
    const id = nextId;
    nextId += 1;
    return new Promise<ScanResultAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const message: ThreadMessage = { type: 'event', id, event };
      running.postMessage(message);
    });
  };

  return {
    handle,
    arm(names) {
      armed = [...names];
      const message: ThreadMessage = { type: 'arm', names: armed };
      worker?.postMessage(message);
    },
    async stop() {
      stopping = true;
      if (pending.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          drained = resolve;
          timer = setTimeout(resolve, STOP_WAIT_MS);
        });
        clearTimeout(timer);
      }
      const ending = worker;
      fallBack('was stopped');
      await ending?.terminate();
    },
  };
};
