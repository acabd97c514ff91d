import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT, STYLE, FAVICON, expectEnvelope, useTestApp } from './app-fixture';

describe('the offline app', () => {
  const testApp = useTestApp();
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = testApp);
  });

  describe('the web build', () => {
    const script = '/assets/index-Ab12Cd34.js';
    const get = (url: string, acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    it('sends a hashed asset as Brotli when the browser takes it, immutable for a year', async () => {
      const res = await get(script, 'gzip, deflate, br, zstd');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    });

    it('falls back to gzip, then to the file itself, still varying on Accept-Encoding', async () => {
      const gz = await get(script, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      for (const acceptEncoding of [undefined, 'identity']) {
        const plain = await get(script, acceptEncoding);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(SCRIPT);
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('sends an asset without compressed copies as it is', async () => {
      const res = await get('/assets/index-Ef56Gh78.css', 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(res.body).toBe(STYLE);
    });

    it('serves "/" with the prerendered login screen, every deep link with the empty app', async () => {
      expect((await get('/')).body).toContain('<h1>Login</h1>');
      // The partner API's reference is a screen of the app, though under the API's path.
      for (const url of [
        '/users/abc',
        '/forgot-password',
        '/admin/dashboard',
        '/ccsc/api/v1/docs',
      ]) {
        const page = await get(url);
        expect(page.body, url).toContain('<title>console</title>');
        expect(page.body, url).not.toContain('<h1>Login</h1>');
      }
    });

    it('revalidates the app’s page and the icon, and never caches /config.json', async () => {
      for (const url of ['/', '/index.html', '/users/abc']) {
        const page = await get(url);
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>console</title>');
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      const compressed = await get('/', 'gzip, deflate, br');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<h1>Login</h1>');
      const deepLink = await get('/users/abc', 'gzip');
      expect(deepLink.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(deepLink.rawPayload).toString()).toContain('<title>console</title>');
      const icon = await get('/favicon.svg', 'br');
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.body).toBe(FAVICON);
      expect(icon.headers['cache-control']).toBe('no-cache');
      expect((await get('/config.json')).headers['cache-control']).toBe('no-cache');
    });

    it('answers 404, not the app, for a file the build does not have', async () => {
      for (const url of [
        '/favicon.ico',
        '/assets/index-Old00000.js',
        '/assets/index-Ab12Cd34.js.map',
        '/assets/',
        '/robots.txt?x=1',
        '/.vite/manifest.json',
      ]) {
        const res = await get(url, 'br, gzip');
        expectEnvelope(res, 404, 'NOT_FOUND');
        expect(res.body, url).not.toContain('<title>');
      }
    });
  });
});
