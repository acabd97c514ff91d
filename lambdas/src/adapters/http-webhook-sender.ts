import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookResponse, WebhookSender } from '../core/ports/webhooks';
import { guardedLookup, type WebhookTargetPolicy } from '../webhooks/webhook-target';

/** How much of an answer is read (and dropped): a receiver's page is not ours to keep. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Webhook attempts over Node's own HTTP client: the name resolved through the target check
 * (only public addresses; offline, loopback by configuration), no redirect followed (a 3xx is
 * an answer, not a success), the whole attempt given up after its timeout.
 */
export const httpWebhookSender = (policy: WebhookTargetPolicy): WebhookSender => ({
  post: (url, headers, body, timeoutMs) =>
    new Promise<WebhookResponse>((resolve) => {
      const started = performance.now();
      const done = (status: number | null, error: string | null) => {
        clearTimeout(timer);
        resolve({ status, error, durationMs: Math.round(performance.now() - started) });
      };
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: guardedLookup(policy),
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          res.on('close', () => {
            done(res.statusCode ?? null, null);
          });
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        done(null, err.code === undefined ? err.message : `${err.code}: ${err.message}`);
      });
      req.end(body);
    }),
});
