/**
 * The partner API offline (issue 15): a system's credential issued and revealed as the console
 * does it, then (a) the round trip a partner makes when its token has expired — a token from the
 * token endpoint, then GET /ccsc/api/v1/me — median and p99, reported; and (b) /me under 20
 * concurrent clients, each with its own token, in a worker thread (`clientsApart`): the p99,
 * budget 200 ms.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { waitForMail } from '../support/aws';
import { partnerToken } from '../support/oauth';
import { mustCall, percentile, withConsole } from './support';
import type { BenchResult } from './users';

/**
 * Each token's client calling `url` `calls` times one after another, all at once, from a worker
 * thread: every call's time (ms).
 */
const clientsApart = async (url: string, tokens: string[], calls: number): Promise<number[]> => {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, tokens, calls } = workerData;
    const times = [];
    const client = async (token) => {
      for (let i = 0; i < calls; i += 1) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error('/me: ' + res.status);
        times.push(performance.now() - started);
      }
    };
    Promise.all(tokens.map(client)).then(
      () => parentPort.postMessage({ times }),
      (err) => parentPort.postMessage({ error: String(err) }),
    );`;
  const worker = new Worker(source, { eval: true, workerData: { url, tokens, calls } });
  try {
    const [answer] = (await once(worker, 'message')) as [{ times?: number[]; error?: string }];
    if (answer.error !== undefined || answer.times === undefined) {
      throw new Error(`partner clients: ${answer.error ?? 'no answer'}`);
    }
    return answer.times;
  } finally {
    await worker.terminate();
  }
};

const ROUND_TRIPS = 50;
const CLIENTS = 20;
const CALLS_PER_CLIENT = 25;

export const measurePartner = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const must = mustCall(c, admin);
    const org = (await must('create-organisation', {
      name: 'Bench Klinik',
      kind: 'site',
      country: 'DE',
      identifiers: [],
    })) as { organisation: { organisationId: string } };
    const contact = `bench-it-${String(Date.now())}@example.org`;
    const system = (await must('create-system', {
      organisationId: org.organisation.organisationId,
      name: 'Bench eISF',
      kind: 'eisf',
      vendor: 'Bench',
      product: 'ISF',
      environment: 'test',
      technicalContactEmail: contact,
    })) as { system: { systemId: string } };
    await must('generateApiCredential', {
      systemId: system.system.systemId,
      scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
      expiresAt: new Date(Date.now() + 100 * 24 * 60 * 60 * 1000).toISOString(),
      contactEmail: contact,
    });
    const text = (await waitForMail(c, contact, 1)).at(-1)?.text ?? '';
    const match = /\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text);
    if (match === null) throw new Error('no credential link arrived');
    const revealed = await fetch(`${c.url}/ccsc/ui/decription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiId: decodeURIComponent(match[1] ?? ''), token: match[2] }),
    });
    const credential = (
      (await revealed.json()) as { data: { clientId: string; clientSecret: string } }
    ).data;
    const me = async (token: string) => {
      const res = await fetch(`${c.url}/ccsc/api/v1/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`/me: ${String(res.status)}`);
      await res.arrayBuffer();
    };

    // (a) Token + /me, one after another (discovery included: what a fresh client does).
    await me(
      await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, 'ccsc-api/system.read'),
    );
    const trips: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i += 1) {
      const started = performance.now();
      await me(
        await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, 'ccsc-api/system.read'),
      );
      trips.push(performance.now() - started);
    }
    log(
      `token + /me round trip: median ${percentile(trips, 50).toFixed(0)} ms, p99 ${percentile(trips, 99).toFixed(0)} ms (${String(ROUND_TRIPS)} runs)`,
    );

    // (b) 20 clients at once, each with its own token, 25 calls each.
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        partnerToken(c.cognitoEndpoint, c.userPoolId, credential, 'ccsc-api/system.read'),
      ),
    );
    // The clients run in a thread of their own, as partners run on machines of their own: their
    // HTTP work (undici, the bodies read) is not the console's, which has this thread to itself.
    const calls = await clientsApart(`${c.url}/ccsc/api/v1/me`, tokens, CALLS_PER_CLIENT);
    log(
      `/me under ${String(CLIENTS)} concurrent clients: median ${percentile(calls, 50).toFixed(0)} ms, p99 ${percentile(calls, 99).toFixed(0)} ms (${String(calls.length)} calls)`,
    );
    return [
      {
        name: `partner API /me p99, ${String(CLIENTS)} concurrent clients`,
        value: percentile(calls, 99),
        unit: 'ms',
        budget: 200,
      },
    ];
  });
