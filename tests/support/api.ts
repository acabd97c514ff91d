import type { ConsoleInfo } from './global-setup';

export interface ApiResult {
  status: number;
  body: unknown;
  headers: Headers;
}

/** Calls a /ccsc/ui/ route of the running console as a browser would. */
export const callApi = async (
  c: ConsoleInfo,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult> => {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${c.url}/ccsc/ui/${path}`, {
    method: init.method ?? 'POST',
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
};
