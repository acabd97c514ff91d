import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A system's webhook receiver: a plain HTTP server that takes the hub's POSTs, verifies each as
 * Standard Webhooks says with the reference library (`standardwebhooks`: the HMAC of
 * `id.timestamp.body` under the endpoint's secret, a timestamp within five minutes), answers 204
 * and hands the payload on — or answers 401 to a delivery that does not verify, so the hub tries
 * again. A delivery whose `webhook-id` was seen already (a retry after a lost answer) is
 * acknowledged and not handed on twice.
 */

/** A verified delivery's body: `{ type, timestamp, data }`, data the event as the feed gives it. */
export interface WebhookDelivery {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookReceiverOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The path the endpoint is subscribed at. */
  path: string;
  /** The endpoint's current secret (`whsec_…`), or null before it is subscribed. */
  secret: () => string | null;
  onDelivery: (delivery: WebhookDelivery) => void;
  onRefused?: (reason: string) => void;
}

export interface WebhookReceiver {
  /** Where the hub is to POST: http://host:port/path. */
  url: string;
  stop(): Promise<void>;
}

/** Bodies are small JSON events: anything bigger is refused before it is read whole. */
const MAX_BODY_BYTES = 256 * 1024;
/** How many delivery ids are remembered to drop a repeated one. */
const REMEMBERED_IDS = 1_000;

const readBody = (req: IncomingMessage): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });

const headersOf = (req: IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
  );

export const startWebhookReceiver = async (
  options: WebhookReceiverOptions,
): Promise<WebhookReceiver> => {
  const seen = new Set<string>();
  const refuse = (reason: string) => {
    options.onRefused?.(reason);
  };
  const server = createServer((req, res) => {
    const answer = (status: number) => {
      res.writeHead(status).end();
    };
    if (req.method !== 'POST' || req.url?.split('?')[0] !== options.path) {
      answer(404);
      return;
    }
    readBody(req).then(
      (body) => {
        const secret = options.secret();
        if (body === null || secret === null) {
          refuse(body === null ? 'a body too large' : 'a delivery before the endpoint was made');
          answer(body === null ? 413 : 503);
          return;
        }
        const headers = headersOf(req);
        let payload: Omit<WebhookDelivery, 'id'>;
        try {
          payload = new Webhook(secret).verify(body, headers) as Omit<WebhookDelivery, 'id'>;
        } catch (err) {
          refuse(`a delivery that does not verify (${(err as Error).message})`);
          answer(401);
          return;
        }
        answer(204);
        const id = headers['webhook-id'] ?? '';
        if (seen.has(id)) return;
        seen.add(id);
        if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value ?? '');
        options.onDelivery({ id, ...payload });
      },
      () => {
        answer(400);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${String(port)}${options.path}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
};
