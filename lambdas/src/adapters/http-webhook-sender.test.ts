import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpWebhookSender } from './http-webhook-sender';

/** Attempts against a receiver on this machine's loopback: allowed offline only. */
describe('the webhook sender', () => {
  let server: Server;
  let base: string;
  const got: { headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        if (req.url === '/slow') return; // never answers
        res.writeHead(req.url === '/broken' ? 500 : req.url === '/moved' ? 302 : 204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://localhost:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('posts the body with the headers and reports the status, a redirect as it is', async () => {
    const sender = httpWebhookSender({ allowLoopback: true });
    const ok = await sender.post(`${base}/hook`, { 'webhook-id': 'msg_1' }, '{"a":1}', 2000);
    expect(ok).toMatchObject({ status: 204, error: null });
    expect(got.at(-1)).toMatchObject({ body: '{"a":1}', headers: { 'webhook-id': 'msg_1' } });
    expect((await sender.post(`${base}/broken`, {}, '{}', 2000)).status).toBe(500);
    expect((await sender.post(`${base}/moved`, {}, '{}', 2000)).status).toBe(302);
  });

  it('gives up after the timeout', async () => {
    const sender = httpWebhookSender({ allowLoopback: true });
    const slow = await sender.post(`${base}/slow`, {}, '{}', 200);
    expect(slow.status).toBeNull();
    expect(slow.error).toMatch(/no answer within 200 ms/u);
  });

  it('refuses a loopback address where only public ones are allowed, before connecting', async () => {
    const before = got.length;
    const sender = httpWebhookSender({ allowLoopback: false });
    const refused = await sender.post(`${base}/hook`, {}, '{}', 2000);
    expect(refused.status).toBeNull();
    expect(refused.error).toMatch(/^ENOTPUBLIC: localhost resolves to .*not a public address/u);
    expect(got.length).toBe(before);
  });
});
