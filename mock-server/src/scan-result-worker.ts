import { parentPort, workerData } from 'node:worker_threads';
import { armFailpoints, documentScanResult } from '@ccsc/lambdas/jobs';
import { parseThreadMessage, type ThreadReply } from './scan-result-messages';

/**
 * The scan result's function in its own thread (scan-result-thread.ts starts it): in AWS
 * GuardDuty's event is a separate Lambda invocation, so offline its join work (content check,
 * journaled write, classification, delivery, audit) runs on its own V8 isolate and core, not on
 * the event loop that serves the console. The handlers' configuration is the environment the
 * thread was created with (a copy of the console's, lambda-env.ts), read on first use as in AWS.
 */
if (parentPort === null) throw new Error('scan-result-worker runs as a worker thread');
const port = parentPort;

// The crash tests' failpoints (tests/crash/): those armed when the thread was created, then every
// re-arm the console is sent (SIGUSR2), so a write this thread journals stops where it would.
const initial = parseThreadMessage(workerData);
armFailpoints(initial?.type === 'arm' ? initial.names : []);

const reply = (message: ThreadReply): void => {
  port.postMessage(message);
};

port.on('message', (data: unknown) => {
  const message = parseThreadMessage(data);
  if (message === undefined) return;
  if (message.type === 'arm') {
    armFailpoints(message.names);
    return;
  }
  documentScanResult(message.event).then(
    ({ outcome, documentId }) => {
      reply({ id: message.id, ok: true, outcome, documentId });
    },
    (err: unknown) => {
      reply({
        id: message.id,
        ok: false,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      });
    },
  );
});

reply({ ready: true });
