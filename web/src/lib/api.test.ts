import { describe, expect, it } from 'vitest';
import { allPages, ApiError, createApiClient } from './api';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that records each request and answers with the given status and JSON body. */
const fakeFetch = (status: number, body: unknown) => {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push({
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status }));
  };
  return { calls, fetchImpl };
};

const NOW = '2024-05-01T10:00:00.000Z';
const user = {
  userName: 'b1f0c6a2-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  emailVerified: true,
  givenName: 'Ada',
  familyName: 'Lovelace',
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'org-1',
  enabled: true,
  cognitoStatus: 'CONFIRMED',
  createdAt: NOW,
  updatedAt: NOW,
};

describe('api client', () => {
  it('POSTs a body route as JSON with the ID token and unwraps the data', async () => {
    const { calls, fetchImpl } = fakeFetch(200, { status: 'success', data: { user } });
    const callApi = createApiClient({
      baseUrl: '/ccsc/ui/',
      fetch: fetchImpl,
      getIdToken: () => Promise.resolve('id.token.value'),
    });

    const data = await callApi('enable-user', { userName: user.userName, userRole: 'OrgAdmin' });

    expect(data.user.email).toBe('ada@example.com');
    expect(calls).toEqual([
      {
        url: '/ccsc/ui/enable-user',
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: 'Bearer id.token.value',
        },
        body: JSON.stringify({ userName: user.userName, userRole: 'OrgAdmin' }),
      },
    ]);
  });

  it('sends a GET route’s input as query parameters, without a body', async () => {
    const page = { systems: [], count: 0, total: 0, nextCursor: null };
    const { calls, fetchImpl } = fakeFetch(200, { status: 'success', data: page });
    const callApi = createApiClient({
      baseUrl: 'https://api.example.com/ccsc/ui',
      fetch: fetchImpl,
    });

    await expect(
      callApi('getOrgSysList', { organisationId: 'org-1', status: 'active', limit: 100 }),
    ).resolves.toEqual(page);
    expect(calls[0]).toMatchObject({
      url: 'https://api.example.com/ccsc/ui/getOrgSysList?organisationId=org-1&status=active&limit=100',
      method: 'GET',
      body: undefined,
    });
    expect(calls[0]?.headers).not.toHaveProperty('content-type');
  });

  it('sends a POST route that reads its query as query parameters, without a body', async () => {
    const { calls, fetchImpl } = fakeFetch(200, { status: 'success', data: { recorded: true } });
    const callApi = createApiClient({ baseUrl: '/ccsc/ui/', fetch: fetchImpl });

    await callApi('redirectUser', { logLogin: 'true' });
    expect(calls[0]).toMatchObject({
      url: '/ccsc/ui/redirectUser?logLogin=true',
      method: 'POST',
      body: undefined,
    });
  });

  it('sends no token to a public route, nor when none is available', async () => {
    const publicCall = fakeFetch(200, { status: 'success', data: { requested: true } });
    await createApiClient({
      baseUrl: '/ccsc/ui/',
      fetch: publicCall.fetchImpl,
      getIdToken: () => Promise.resolve('id.token.value'),
    })('forget-totp', { clientId: 'client1', email: 'ada@example.com' });
    expect(publicCall.calls[0]?.headers).not.toHaveProperty('authorization');

    const signedOut = fakeFetch(200, { status: 'success', data: { groups: [] } });
    await createApiClient({
      baseUrl: '/ccsc/ui/',
      fetch: signedOut.fetchImpl,
      getIdToken: () => Promise.resolve(null),
    })('list-all-groups', {});
    expect(signedOut.calls[0]?.headers).not.toHaveProperty('authorization');
  });

  it('throws the error envelope as an ApiError', async () => {
    const { fetchImpl } = fakeFetch(400, {
      status: 'error',
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        fields: [{ path: 'userName', message: 'userName is not a valid user name' }],
      },
    });
    const callApi = createApiClient({ baseUrl: '/ccsc/ui/', fetch: fetchImpl });

    const failure = await callApi('delete-user', { userName: 'x', userRole: 'Auditor' }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      status: 400,
      fields: [{ path: 'userName', message: 'userName is not a valid user name' }],
    });
  });

  it.each([
    ['data that breaks the contract', 200, { status: 'success', data: { user: { email: 1 } } }],
    ['a body that is not JSON', 502, '<html>Bad gateway</html>'],
    ['an envelope of neither kind', 200, { ok: true }],
  ])('throws BAD_RESPONSE for %s', async (_case, status, body) => {
    const { fetchImpl } = fakeFetch(status, body);
    const callApi = createApiClient({ baseUrl: '/ccsc/ui/', fetch: fetchImpl });
    await expect(
      callApi('enable-user', { userName: 'u1', userRole: 'Auditor' }),
    ).rejects.toMatchObject({ name: 'ApiError', code: 'BAD_RESPONSE', status });
  });

  it('throws NETWORK_ERROR when no answer arrives', async () => {
    const callApi = createApiClient({
      baseUrl: '/ccsc/ui/',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(callApi('list-all-groups', {})).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network Error',
      status: 0,
    });
  });
  it('tells the app when the server refuses the session (401, or 403 MFA_ENROLMENT_REQUIRED)', async () => {
    const refused: string[] = [];
    const client = (status: number, code: string) =>
      createApiClient({
        baseUrl: '/ccsc/ui/',
        fetch: fakeFetch(status, { status: 'error', error: { code, message: code } }).fetchImpl,
        getIdToken: () => Promise.resolve('id.token.value'),
        onSessionRefused: (operation, error) => refused.push(`${operation} ${error.code}`),
      });

    await expect(client(401, 'UNAUTHORIZED')('list-all-groups', {})).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      client(403, 'MFA_ENROLMENT_REQUIRED')('list-all-groups', {}),
    ).rejects.toBeInstanceOf(ApiError);
    // Not for other refusals, nor for public calls (nobody's session is involved).
    await expect(client(403, 'FORBIDDEN')('list-all-groups', {})).rejects.toBeInstanceOf(ApiError);
    await expect(
      client(401, 'UNAUTHORIZED')('forget-totp/confirm', { token: 'x'.repeat(43) }),
    ).rejects.toBeInstanceOf(ApiError);

    expect(refused).toEqual([
      'list-all-groups UNAUTHORIZED',
      'list-all-groups MFA_ENROLMENT_REQUIRED',
    ]);
  });

  it('fails with NETWORK_ERROR, sending nothing, when the token cannot be refreshed for now', async () => {
    const { calls, fetchImpl } = fakeFetch(200, { status: 'success', data: { groups: [] } });
    const callApi = createApiClient({
      baseUrl: '/ccsc/ui/',
      fetch: fetchImpl,
      getIdToken: () => Promise.reject(new Error('NetworkError')),
    });
    await expect(callApi('list-all-groups', {})).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
    expect(calls).toEqual([]);
  });
});

describe('allPages', () => {
  it('follows the cursor until the last page and keeps the order', async () => {
    const seen: (string | undefined)[] = [];
    const pages: Record<string, { items: number[]; nextCursor: string | null }> = {
      first: { items: [1, 2], nextCursor: 'b' },
      b: { items: [3], nextCursor: 'c' },
      c: { items: [4], nextCursor: null },
    };
    const items = await allPages((cursor) => {
      seen.push(cursor);
      return Promise.resolve(pages[cursor ?? 'first'] ?? { items: [], nextCursor: null });
    });
    expect(items).toEqual([1, 2, 3, 4]);
    expect(seen).toEqual([undefined, 'b', 'c']);
  });

  it('stops at a cursor that does not move on, and after maxPages', async () => {
    const same = await allPages(() => Promise.resolve({ items: [1], nextCursor: 'x' }));
    expect(same).toEqual([1, 1]);
    let n = 0;
    const capped = await allPages(() => {
      n += 1;
      return Promise.resolve({ items: [n], nextCursor: `c${String(n)}` });
    }, 3);
    expect(capped).toEqual([1, 2, 3]);
  });

  it('fails when a page fails', async () => {
    await expect(allPages(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
