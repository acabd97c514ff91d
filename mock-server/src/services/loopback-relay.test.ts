import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isLoopback,
  loopbackRelayPort,
  type RunningRelay,
  startLoopbackRelay,
} from './loopback-relay';
import { closeServer, listen } from './net';

const freePort = async () => {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
};

describe('loopbackRelayPort', () => {
  it('knows the loopback host names', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of ['s3', '10.0.0.1', 'localhost.example.org', '0.0.0.0', '[::]']) {
      expect(isLoopback(host), host).toBe(false);
    }
  });

  it("relays a loopback public URL to a service elsewhere (docker-compose.yml's S3)", () => {
    expect(loopbackRelayPort('http://localhost:4569', 'http://s3:4569')).toBe(4569);
    expect(loopbackRelayPort('http://127.0.0.1:14569', 'http://s3:4569')).toBe(14569);
    expect(loopbackRelayPort('http://localhost', 'http://s3:4569')).toBe(80);
  });

  it('relays a loopback port that is not the service on the same loopback', () => {
    expect(loopbackRelayPort('http://localhost:5000', 'http://127.0.0.1:4569')).toBe(5000);
  });

  it('relays nothing for the service itself or for a host reached as it is', () => {
    expect(loopbackRelayPort('http://localhost:4569', 'http://127.0.0.1:4569')).toBeUndefined();
    expect(loopbackRelayPort('http://192.168.1.5:4569', 'http://s3:4569')).toBeUndefined();
    expect(loopbackRelayPort('https://s3.example.org', 'http://s3:4569')).toBeUndefined();
  });

  it('refuses to relay https to a service served over http', () => {
    expect(() => loopbackRelayPort('https://localhost:4569', 'http://s3:4569')).toThrow(
      /only the same protocol can be relayed/,
    );
  });
});

describe('startLoopbackRelay', () => {
  let target: Server | undefined;
  let relay: RunningRelay | undefined;

  afterEach(async () => {
    await relay?.stop();
    if (target) await closeServer(target);
    relay = undefined;
    target = undefined;
  });

  const startTarget = async () => {
    target = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.end(JSON.stringify({ host: req.headers.host, url: req.url, body }));
      });
    });
    return listen(target, 0, '127.0.0.1');
  };

  it("passes requests through untouched, the client's Host header included", async () => {
    const targetPort = await startTarget();
    const port = await freePort();
    relay = await startLoopbackRelay({
      publicUrl: `http://localhost:${String(port)}`,
      target: `http://127.0.0.1:${String(targetPort)}`,
    });
    expect(relay.port).toBe(port);
    const res = await fetch(`http://localhost:${String(port)}/bucket/key?X-Amz-Signature=abc`, {
      method: 'PUT',
      body: 'x'.repeat(100_000),
    });
    expect(await res.json()).toEqual({
      host: `localhost:${String(port)}`,
      url: '/bucket/key?X-Amz-Signature=abc',
      body: 'x'.repeat(100_000),
    });
    await relay.stop();
    await expect(fetch(`http://localhost:${String(port)}/`)).rejects.toThrow();
  });

  it('says which address it could not take', async () => {
    const targetPort = await startTarget();
    await expect(
      startLoopbackRelay({
        publicUrl: `http://127.0.0.1:${String(targetPort)}`,
        target: 'http://s3:4569',
      }),
    ).rejects.toThrow(
      new RegExp(
        `http://127.0.0.1:${String(targetPort)} is this machine's own address, so it is relayed here to http://s3:4569, but 127.0.0.1:${String(targetPort)} could not be listened on \\(.*EADDRINUSE`,
      ),
    );
  });
});
