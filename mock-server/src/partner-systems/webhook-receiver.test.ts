import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  startWebhookReceiver,
  type WebhookDelivery,
  type WebhookReceiver,
} from './webhook-receiver';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

const start = async (secret: string | null = SECRET) => {
  const deliveries: WebhookDelivery[] = [];
  const refused: string[] = [];
  receiver = await startWebhookReceiver({
    host: '127.0.0.1',
    port: 0,
    path: '/hooks',
    secret: () => secret,
    onDelivery: (d) => deliveries.push(d),
    onRefused: (r) => refused.push(r),
  });
  return { url: receiver.url, deliveries, refused };
};

/** A delivery as the hub signs it (Standard Webhooks: the reference library's own signer). */
const post = (url: string, id: string, body: object, secret = SECRET) => {
  const text = JSON.stringify(body);
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(id, timestamp, text);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: text,
  });
};

const EVENT = {
  type: 'document.held',
  timestamp: '2026-12-07T10:00:00Z',
  data: { eventId: 'evt-1', subject: { name: 'Protocol signature page' } },
};

describe('the simulated sponsor’s webhook receiver', () => {
  it('takes a delivery signed with the endpoint’s secret: 204, handed on once', async () => {
    const { url, deliveries } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks$/u);
    expect((await post(url, 'msg_1', EVENT)).status).toBe(204);
    // A retry of the same delivery (its answer lost): acknowledged, not handed on twice.
    expect((await post(url, 'msg_1', EVENT)).status).toBe(204);
    expect(deliveries).toEqual([{ id: 'msg_1', ...EVENT }]);
  });

  it('refuses a delivery signed with another secret, or changed on the way: 401', async () => {
    const { url, deliveries, refused } = await start();
    const other = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
    expect((await post(url, 'msg_2', EVENT, other)).status).toBe(401);
    const signed = new Webhook(SECRET).sign('msg_3', new Date(), JSON.stringify(EVENT));
    const tampered = await fetch(url, {
      method: 'POST',
      headers: {
        'webhook-id': 'msg_3',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signed,
      },
      body: JSON.stringify({ ...EVENT, type: 'document.recalled' }),
    });
    expect(tampered.status).toBe(401);
    expect(deliveries).toEqual([]);
    expect(refused).toHaveLength(2);
  });

  it('answers 503 before its endpoint is subscribed, 404 elsewhere', async () => {
    const { url } = await start(null);
    expect((await post(url, 'msg_4', EVENT)).status).toBe(503);
    expect((await fetch(url.replace('/hooks', '/other'), { method: 'POST' })).status).toBe(404);
  });
});
