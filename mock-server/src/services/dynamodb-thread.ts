import { parentPort, workerData } from 'node:worker_threads';
import { type DynamoDbOptions, startDynalite } from './dynalite-server';

/**
 * The thread dynalite runs on (dynamodb.ts): started with its options, it says `ready` with the
 * port it listens on (or `failed`), and on `stop` closes the server and its LevelDB store, then
 * says `stopped`.
 */
const port = parentPort;
if (!port) throw new Error('dynamodb-thread runs as a worker thread');

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

try {
  const running = await startDynalite(workerData as DynamoDbOptions);
  port.on('message', (m: unknown) => {
    if (m !== 'stop') return;
    running.stop().then(
      () => {
        port.postMessage({ type: 'stopped' });
      },
      (err: unknown) => {
        port.postMessage({ type: 'failed', message: message(err) });
      },
    );
  });
  port.postMessage({ type: 'ready', port: running.port });
} catch (err) {
  port.postMessage({ type: 'failed', message: message(err) });
}
