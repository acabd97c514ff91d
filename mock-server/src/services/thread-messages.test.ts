import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { startServiceThread } from './thread-messages';

const readySchema = z.object({ type: z.literal('ready'), port: z.number() });

/** A worker thread of plain JavaScript that says `first`, then answers 'stop' with `onStop`. */
const threadSaying = (first: string, onStop: string): Worker =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.postMessage(${first});
     parentPort.on('message', () => { ${onStop} });`,
    { eval: true },
  );

const exited = (worker: Worker) => new Promise<number>((resolve) => worker.once('exit', resolve));

describe('startServiceThread', () => {
  it("answers the thread's ready message, and stops it when asked", async () => {
    const worker = threadSaying(
      "{ type: 'ready', port: 4321 }",
      "parentPort.postMessage({ type: 'stopped' }); process.exit(0);",
    );
    const thread = await startServiceThread(worker, readySchema, {
      name: 'Test service',
      stopWithinMs: 5000,
    });
    expect(thread.ready).toEqual({ type: 'ready', port: 4321 });
    const end = exited(worker);
    await thread.stop();
    await end;
  });

  it('refuses a thread that failed to start, with its reason, and ends it', async () => {
    const worker = threadSaying(
      "{ type: 'failed', message: 'port in use' }",
      'parentPort.close();',
    );
    const end = exited(worker);
    await expect(
      startServiceThread(worker, readySchema, { name: 'Test service', stopWithinMs: 5000 }),
    ).rejects.toThrow('Test service did not start: port in use');
    await end;
  });

  it('refuses a thread that says something it may not say', async () => {
    const worker = threadSaying("{ type: 'ready', port: 'not a number' }", '');
    await expect(
      startServiceThread(worker, readySchema, { name: 'Test service', stopWithinMs: 5000 }),
    ).rejects.toThrow('Unexpected message from the Test service thread');
  });

  it('refuses a thread that exits before it is ready', async () => {
    const worker = new Worker('process.exit(3);', { eval: true });
    await expect(
      startServiceThread(worker, readySchema, { name: 'Test service', stopWithinMs: 5000 }),
    ).rejects.toThrow('The Test service thread exited (code 3)');
  });

  it('ends a thread that does not answer stop within the bound', async () => {
    const worker = threadSaying("{ type: 'ready', port: 1 }", '/* never answers */');
    const thread = await startServiceThread(worker, readySchema, {
      name: 'Test service',
      stopWithinMs: 200,
    });
    const end = exited(worker);
    await thread.stop();
    await end;
  });

  it('reports a thread that failed to stop, and ends it anyway', async () => {
    const worker = threadSaying(
      "{ type: 'ready', port: 1 }",
      "parentPort.postMessage({ type: 'failed', message: 'disk gone' });",
    );
    const thread = await startServiceThread(worker, readySchema, {
      name: 'Test service',
      stopWithinMs: 5000,
    });
    const end = exited(worker);
    await expect(thread.stop()).rejects.toThrow('Test service did not stop: disk gone');
    await end;
  });
});
