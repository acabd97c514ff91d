import { vi } from 'vitest';
import { loadRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { testConfig } from './render-app';

/** lib/api.ts and lib/auth.ts read /config.json as main.tsx loads it: load the test's. */
export const loadTestRuntimeConfig = (config: RuntimeConfig = testConfig) =>
  loadRuntimeConfig(() => Promise.resolve(Response.json(config)));

export interface ApiCall {
  /** The operation's path under /ccsc/ui/ (e.g. "logout", "forget-totp/confirm"). */
  path: string;
  method: string;
  authorization: string | undefined;
  body: unknown;
  /** The query parameters (a GET route's input), by name; absent when there are none. */
  query?: Record<string, string>;
}

/**
 * What the fake server answers: the HTTP status and the envelope's body, a network failure, or
 * nothing at all (a stalled request).
 */
export type ApiAnswer = { status: number; body: unknown } | 'network-error' | 'no-answer';

export const success = (data: unknown): ApiAnswer => ({
  status: 200,
  body: { status: 'success', data },
});

export const failure = (
  status: number,
  code: string,
  message: string,
  fields?: { path: string; message: string }[],
): ApiAnswer => ({ status, body: { status: 'error', error: { code, message, fields } } });

/**
 * The API as the browser reaches it: `fetch`, faked for the test (vi.unstubAllGlobals undoes
 * it). Every call is recorded; `answer` decides the reply per path.
 */
export const fakeApi = (answer: (path: string, body: unknown) => ApiAnswer) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/ccsc\/ui\//, '').replace(/\?.*$/, '');
    const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      path,
      method: init?.method ?? 'GET',
      authorization: headers.authorization,
      body,
      ...(Object.keys(query).length > 0 ? { query } : {}),
    });
    const reply = answer(path, body);
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (reply === 'no-answer') return new Promise<Response>(() => undefined);
    return Promise.resolve(Response.json(reply.body, { status: reply.status }));
  });
  return calls;
};
