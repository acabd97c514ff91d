// maildev on a worker thread of this process. Loading maildev costs ~1.8 s of CPU (its SMTP
// package imports jsdom); on a thread of its own that overlaps with the rest of the start-up
// instead of adding to it. Plain JS: a worker cannot load TypeScript under vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { MailDev } from 'maildev';

const port = parentPort;
if (!port) throw new Error('mail-worker.mjs runs as a worker thread');

const maildev = new MailDev(workerData);
try {
  const servers = await maildev.start();
  port.postMessage({
    type: 'ready',
    smtpPort: servers.smtp.getAddress().port,
    webPort: servers.api?.getAddress()?.port ?? null,
  });
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.stack : String(err) });
  port.close();
}

port.on('message', (message) => {
  if (message !== 'stop') return;
  maildev.stop().then(
    () => {
      port.postMessage({ type: 'stopped' });
      port.close();
    },
    (err) => {
      port.postMessage({ type: 'failed', message: err instanceof Error ? err.stack : String(err) });
      port.close();
    },
  );
});
