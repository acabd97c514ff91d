/**
 * Issue 36's webhook budgets offline, on a console of its own. The events are the product's own:
 * written through the event log's adapter the document functions write with (DynamoEventLog's
 * appendOnce: sequence, feed item, fan-out marker), each recorded at its `at`; the console's pump
 * (mock-server console.ts, a 200 ms tick) fans them out to deliveries and tries those due. The
 * endpoints are subscribed through the partner API (scope webhooks.manage) as a system's engineer
 * does, pointing at a receiver on this machine (loopback targets are allowed offline) that checks
 * every signature with the Standard Webhooks reference library and notes when each arrived.
 *
 * (1) One endpoint, SAMPLES events one by one at random moments of the tick (100-400 ms apart):
 *     from each event's `at` to its arrival at the receiver, p95 <= 1 s.
 * (2) FAN_OUT_EVENTS events of one organisation, written back to back, fanned out to 20 endpoints
 *     (two systems, 10 each, the cap), twice: first with every endpoint answering (the control),
 *     then, for another organisation's 20, with the first answering 503. On time: each of the 19
 *     healthy endpoints receives every event, none later than the control's slowest delivery
 *     × ON_TIME_FACTOR + ON_TIME_SLACK_S. "On time" is what the burst takes this console when
 *     nothing fails: a failing endpoint must not make the others wait (no head-of-line blocking:
 *     its retries take their turn beside the first attempts). An absolute bound would measure
 *     this machine's throughput instead — 19,000 signed deliveries, each written to the
 *     deliveries log, from one offline process on two cores; in AWS the queue's consumers scale
 *     out. The control runs first, so the measured run also carries the larger tables.
 *     The down endpoint retried: every one of its deliveries logged with at least two attempts,
 *     the second >= 5 s after the first, and a third due. Nothing lost: every delivery of every
 *     endpoint in its deliveries log (the partner API's), healthy ones succeeded, the down
 *     one's pending with a next attempt.
 * BENCH_WEBHOOK_SAMPLES (100), BENCH_WEBHOOK_EVENTS (1,000) and BENCH_WEBHOOK_DEADLINE_S (600, how
 * long the fan-out is waited for) make a quicker run; BENCH_WEBHOOK_DOWN=hang makes the down
 * endpoint hold every request unanswered instead of answering 503, BENCH_WEBHOOK_DOWN=none keeps
 * it up (both runs all up: the scatter between two runs, which ON_TIME_FACTOR allows for). An
 * endpoint that hangs is tried at most PER_ENDPOINT at a time, 15 s each, its other deliveries put
 * off (webhook-dispatch.ts): its retries are not waited for then, and "on schedule" means each of
 * its deliveries pending, due again, its attempts (if any yet) on the schedule.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '@ccsc/contract/webhooks';
import { DynamoEventLog } from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { dynamodbDocuments } from '../support/aws';
import { issueCredential, partnerToken } from '../support/oauth';
import { mustCall, percentile, withConsole } from './support';
import type { BenchResult } from './users';

const HOOKS = 'ccsc-api/webhooks.manage';
const SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 100);
const FAN_OUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1_000);
/** Two systems of one organisation, each at the cap (WEBHOOK_ENDPOINTS_MAX). */
const SYSTEMS = 2;
const PER_SYSTEM = 10;
/**
 * How the down endpoint fails: 503 (default), or `hang`: it takes the request and never answers,
 * so each attempt lasts the sender's whole timeout (WEBHOOK_TIMEOUT_MS).
 */
const DOWN: number | 'hang' =
  { hang: 'hang' as const, none: 204 }[process.env.BENCH_WEBHOOK_DOWN ?? ''] ?? 503;
/** The schedule's second attempt comes this long after the first, the third after the second. */
const [, FIRST_RETRY_MS, THIRD_AFTER_MS] = WEBHOOK_RETRY_DELAYS_MS;
/**
 * On time (the header says why): no later than the all-up run's slowest delivery times this, plus
 * ON_TIME_SLACK_S for a 2-core machine's scatter between two runs.
 */
const ON_TIME_FACTOR = 1.25;
const ON_TIME_SLACK_S = 2;
/** How long the fan-out may take before the measure stops waiting and reports what it has. */
const FAN_OUT_DEADLINE_MS = Number(process.env.BENCH_WEBHOOK_DEADLINE_S ?? 600) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Arrival {
  /** The first time this delivery arrived (ms since the epoch). */
  at: number;
  /** Its event's `at`. */
  eventAt: number;
  /** Every arrival of it (a retry, a duplicate). */
  times: number[];
}

interface Target {
  secret: string;
  /** The status answered, or 'hang': the request held unanswered (the sender's timeout ends it). */
  answer: number | 'hang';
  arrivals: Map<string, Arrival>;
}

/**
 * The receiver: one path a endpoint, each with its secret and its answer; a request whose
 * signature does not verify is counted and answered 400.
 */
const startReceiver = async () => {
  const targets = new Map<string, Target>();
  let badSignatures = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const target = targets.get(req.url ?? '');
      if (target === undefined) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: { timestamp: string };
      try {
        payload = new Webhook(target.secret).verify(body, headersOf(req.headers)) as typeof payload;
      } catch {
        badSignatures += 1;
        res.writeHead(400).end();
        return;
      }
      const id = String(req.headers['webhook-id']);
      const seen = target.arrivals.get(id);
      if (seen === undefined) {
        target.arrivals.set(id, { at, eventAt: Date.parse(payload.timestamp), times: [at] });
      } else {
        seen.times.push(at);
      }
      if (target.answer !== 'hang') res.writeHead(target.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    /** A new path, its URL; the secret is set once the endpoint is made. */
    target: (name: string, answer: Target['answer']) => {
      const target: Target = { secret: '', answer, arrivals: new Map() };
      targets.set(`/hooks/${name}`, target);
      return { url: `${base}/hooks/${name}`, target };
    },
    badSignatures: () => badSignatures,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
};

const headersOf = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));

interface DeliveryView {
  deliveryId: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: { at: string; status: number | null; trigger: string }[];
  nextAttemptAt: string | null;
  createdAt: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

export const measureWebhooks = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const must = mustCall(c, admin);
    const organisation = async (name: string) =>
      (
        (await must('create-organisation', {
          name,
          kind: 'site',
          country: 'DE',
          identifiers: [],
        })) as { organisation: { organisationId: string } }
      ).organisation.organisationId;
    /** A system of the organisation with a credential of scope webhooks.manage, and its token. */
    const system = async (organisationId: string, name: string) => {
      const made = (await must('create-system', {
        organisationId,
        name,
        kind: 'eisf',
        vendor: 'Bench',
        product: 'ISF',
        environment: 'test',
        technicalContactEmail: `bench-hooks-${String(Date.now())}@example.org`,
      })) as { system: { systemId: string } };
      const credential = await issueCredential(c, admin, made.system.systemId, [HOOKS]);
      return partnerToken(c.cognitoEndpoint, c.userPoolId, credential, HOOKS);
    };
    const partner = async <T>(
      token: string,
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
    ) => {
      const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { data: T };
      if (res.status !== 200)
        throw new Error(`${path}: ${String(res.status)} ${JSON.stringify(json)}`);
      return json.data;
    };
    const receiver = await startReceiver();
    /** An endpoint subscribed through the partner API; its secret given to the receiver. */
    const subscribe = async (
      token: string,
      name: string,
      kind: string,
      answer: Target['answer'] = 204,
    ) => {
      const { url, target } = receiver.target(name, answer);
      const made = await partner<{ endpoint: { endpointId: string }; secret: string }>(
        token,
        'POST',
        'webhooks',
        { url, eventTypes: [kind], description: `bench ${name}` },
      );
      target.secret = made.secret;
      return { endpointId: made.endpoint.endpointId, target, token, name };
    };

    const events = new DynamoEventLog(dynamodbDocuments(c), tableName('local', TABLES.main));
    /** One event, recorded now through the event log's own writer; its `at`. */
    const record = async (
      organisationId: string,
      kind: 'document.rejected' | 'document.held',
      n: string,
    ) => {
      const at = new Date();
      await events.appendOnce(
        [
          {
            key: `bench-webhooks:${n}`,
            draft: {
              kind,
              organisationId,
              subject: { type: 'document', id: `doc-${n}`, name: `Bench CV ${n}` },
              counterpart: { organisationId: 'bench-sponsor', name: 'Bench Pharma' },
              reason: kind === 'document.rejected' ? 'wrong-version: outdated' : null,
            },
          },
        ],
        at,
      );
      return at.getTime();
    };
    const waitFor = async (done: () => boolean, ms: number) => {
      const until = Date.now() + ms;
      while (!done() && Date.now() < until) await sleep(50);
      return done();
    };

    try {
      // ---------- (1) one endpoint, one event at a time ----------
      const single = await organisation('Bench Webhooks Klinik');
      const one = await subscribe(
        await system(single, 'Bench Hooks eISF'),
        'p95',
        'document.rejected',
      );
      // Until the pump has seen the endpoint (it asks every 2 s) and the paths are warm: three
      // events not counted.
      for (let i = 0; i < 3; i += 1) {
        await record(single, 'document.rejected', `warm-${String(i)}`);
        if (!(await waitFor(() => one.target.arrivals.size > i, 10_000)))
          throw new Error('webhooks: a warm-up event never arrived');
      }
      const warm = new Set(one.target.arrivals.keys());
      for (let i = 0; i < SAMPLES; i += 1) {
        await sleep(100 + Math.random() * 300);
        await record(single, 'document.rejected', `p95-${String(i)}`);
      }
      await waitFor(() => one.target.arrivals.size >= SAMPLES + warm.size, 30_000);
      const latencies = [...one.target.arrivals]
        .filter(([id]) => !warm.has(id))
        .map(([, a]) => a.at - a.eventAt);
      log(
        `webhooks: ${String(latencies.length)}/${String(SAMPLES)} single events arrived; event to receiver median ${String(percentile(latencies, 50))} ms, p95 ${String(percentile(latencies, 95))} ms, max ${String(Math.max(...latencies))} ms`,
      );
      const lostSingles = SAMPLES - latencies.length;

      // ---------- (2) FAN_OUT_EVENTS events to 20 endpoints: all up, then one down ----------
      /**
       * One fan-out: a new organisation's 20 endpoints (two systems, 10 each, the cap), the first
       * answering `firstAnswer`, FAN_OUT_EVENTS events written back to back; waited for until every
       * healthy endpoint has every event (and the down one its retries); what arrived and what
       * the deliveries log says.
       */
      const fanOut = async (label: string, firstAnswer: Target['answer']) => {
        const fanned = await organisation(`Bench Webhooks Fan-out ${label} Klinik`);
        const endpoints: Awaited<ReturnType<typeof subscribe>>[] = [];
        for (let s = 0; s < SYSTEMS; s += 1) {
          const token = await system(fanned, `Bench Hooks ${label} system ${String(s + 1)}`);
          for (let e = 0; e < PER_SYSTEM; e += 1) {
            const index = s * PER_SYSTEM + e;
            endpoints.push(
              await subscribe(
                token,
                `fan-${label}-${String(index)}`,
                'document.held',
                index === 0 ? firstAnswer : 204,
              ),
            );
          }
        }
        const isDown = firstAnswer !== 204;
        const [first, ...others] = endpoints;
        if (first === undefined) throw new Error('webhooks: no endpoints');
        const healthy = isDown ? others : endpoints;
        const down = isDown ? first : undefined;
        // The pump learns of new endpoints at once here (endpoints exist already), but the
        // fan-out reads them per batch: a pause so none of the events is fanned out before the
        // last one.
        await sleep(500);
        const started = Date.now();
        for (let i = 0; i < FAN_OUT_EVENTS; i += 1) {
          await record(fanned, 'document.held', `fan-${label}-${String(i)}`);
        }
        const written = Date.now();
        log(
          `webhooks (${label}): ${String(FAN_OUT_EVENTS)} events written in ${seconds(written - started)} s (${(FAN_OUT_EVENTS / ((written - started) / 1000)).toFixed(0)}/s), fanned out to ${String(endpoints.length)} endpoints of ${String(SYSTEMS)} systems${isDown ? `, the first answering ${String(firstAnswer)}` : ', all up'}`,
        );
        const allHealthy = () => healthy.every((e) => e.target.arrivals.size >= FAN_OUT_EVENTS);
        // An endpoint that hangs takes PER_ENDPOINT attempts per timeout's length (the rest put
        // off): its retries are not waited for, only its deliveries found pending below.
        const downRetried = () =>
          down === undefined ||
          firstAnswer === 'hang' ||
          (down.target.arrivals.size >= FAN_OUT_EVENTS &&
            [...down.target.arrivals.values()].every((a) => a.times.length >= 2));
        let lastProgress = '';
        const progress = setInterval(() => {
          const got = healthy.reduce((sum, e) => sum + e.target.arrivals.size, 0);
          const line = `webhooks (${label}): after ${seconds(Date.now() - started)} s: ${String(got)}/${String(healthy.length * FAN_OUT_EVENTS)} healthy deliveries${down === undefined ? '' : `, down endpoint ${String(down.target.arrivals.size)} first attempts`}`;
          if (line !== lastProgress) log(line);
          lastProgress = line;
        }, 10_000);
        try {
          await waitFor(allHealthy, FAN_OUT_DEADLINE_MS);
          const allIn = Date.now();
          log(`webhooks (${label}): healthy deliveries all in after ${seconds(allIn - started)} s`);
          await waitFor(
            downRetried,
            Math.max(FIRST_RETRY_MS * 4, FAN_OUT_DEADLINE_MS - (allIn - started)),
          );
          // A held attempt reaches the log only when the sender gives up on it: wait that long.
          if (firstAnswer === 'hang') await sleep(WEBHOOK_TIMEOUT_MS + 1_000);
        } finally {
          clearInterval(progress);
        }

        const lateness = healthy.flatMap((e) =>
          [...e.target.arrivals.values()].map((a) => a.at - a.eventAt),
        );
        const received = lateness.length;
        const duplicates = healthy.reduce(
          (sum, e) =>
            sum + [...e.target.arrivals.values()].filter((a) => a.times.length > 1).length,
          0,
        );
        // When the receivers heard first and last: the wait before any delivery, then the rate.
        const times = endpoints.flatMap((e) =>
          [...e.target.arrivals.values()].flatMap((a) => a.times),
        );
        const firstHeard = Math.min(...times);
        const lastHeard = Math.max(...times);
        log(
          `webhooks (${label}): first delivery ${seconds(firstHeard - started)} s after the first event, then ${(times.length / ((lastHeard - firstHeard) / 1000)).toFixed(0)} attempts/s received over ${seconds(lastHeard - firstHeard)} s (${String(times.length)} attempts, all endpoints)`,
        );
        log(
          `webhooks (${label}): healthy deliveries received ${String(received)}/${String(healthy.length * FAN_OUT_EVENTS)}, event to receiver median ${seconds(percentile(lateness, 50))} s, p95 ${seconds(percentile(lateness, 95))} s, max ${seconds(Math.max(...lateness))} s; ${String(duplicates)} received twice or more; bad signatures ${String(receiver.badSignatures())}`,
        );

        // Every delivery in its endpoint's log, read as its system reads it.
        const logOf = async (e: (typeof endpoints)[number]) => {
          const all: DeliveryView[] = [];
          let cursor: string | null = null;
          do {
            const page: { deliveries: DeliveryView[]; nextCursor: string | null } = await partner(
              e.token,
              'GET',
              `webhooks/${e.endpointId}/deliveries?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
            );
            all.push(...page.deliveries);
            cursor = page.nextCursor;
          } while (cursor !== null);
          return all;
        };
        let unaccounted = 0;
        const phases = { queued: [] as number[], firstTry: [] as number[] };
        for (const e of healthy) {
          const deliveries = await logOf(e);
          const ok = deliveries.filter(
            (d) => d.state === 'succeeded' && e.target.arrivals.has(d.deliveryId),
          );
          unaccounted += FAN_OUT_EVENTS - ok.length;
          for (const d of deliveries) {
            const arrival = e.target.arrivals.get(d.deliveryId);
            const firstAttempt = d.attempts[0];
            if (arrival === undefined || firstAttempt === undefined) continue;
            phases.queued.push(Date.parse(d.createdAt) - arrival.eventAt);
            phases.firstTry.push(Date.parse(firstAttempt.at) - Date.parse(d.createdAt));
          }
        }
        log(
          `webhooks (${label}): phases (healthy): event to its fan-out batch (the delivery's createdAt, read before the batch's deliveries are written) median ${seconds(percentile(phases.queued, 50))} s, max ${seconds(Math.max(...phases.queued))} s; createdAt to first attempt median ${seconds(percentile(phases.firstTry, 50))} s, max ${seconds(Math.max(...phases.firstTry))} s`,
        );
        let notRetried = 0;
        if (down !== undefined) {
          const downLog = await logOf(down);
          // On schedule: two failed attempts >= 5 s apart and a third due no sooner than 5 min
          // after (later when put off: webhook-dispatch.ts). An endpoint that hangs: each
          // delivery pending, due again, its attempts on that schedule so far.
          const failedAttempts = (d: DeliveryView) =>
            d.attempts.every((a) => a.status === (firstAnswer === 'hang' ? null : firstAnswer));
          const retried = downLog.filter((d) => {
            const [one, two] = d.attempts;
            const due = d.nextAttemptAt === null ? NaN : Date.parse(d.nextAttemptAt);
            if (d.state !== 'pending' || !failedAttempts(d)) return false;
            if (firstAnswer === 'hang' && two === undefined) {
              return one === undefined || due >= Date.parse(one.at) + FIRST_RETRY_MS;
            }
            return (
              one !== undefined &&
              two !== undefined &&
              Date.parse(two.at) - Date.parse(one.at) >= FIRST_RETRY_MS &&
              due >= Date.parse(two.at) + THIRD_AFTER_MS
            );
          });
          const putOff = downLog.filter((d) => d.attempts.length === 0).length;
          const gaps = downLog.flatMap((d) => {
            const [one, two] = d.attempts;
            return one !== undefined && two !== undefined
              ? [Date.parse(two.at) - Date.parse(one.at)]
              : [];
          });
          unaccounted +=
            FAN_OUT_EVENTS -
            downLog.filter((d) => d.state === 'pending' && d.nextAttemptAt !== null).length;
          notRetried = FAN_OUT_EVENTS - retried.length;
          log(
            `webhooks (${label}): down endpoint: ${String(downLog.length)} deliveries logged, ${String(retried.length)} on schedule (${firstAnswer === 'hang' ? `pending, ${String(putOff)} of them not attempted yet, put off` : 'two failed attempts >= 5 s apart and a third due in 5 min'}, ${String(firstAnswer)}); first to second attempt median ${seconds(percentile(gaps, 50))} s, max ${seconds(Math.max(...gaps))} s; receiver saw ${String(down.target.arrivals.size)} of them`,
          );
        }
        return {
          expected: healthy.length * FAN_OUT_EVENTS,
          healthyCount: healthy.length,
          received,
          lateness,
          notRetried,
          unaccounted,
        };
      };

      const control = await fanOut('control', 204);
      const measured = await fanOut('down', DOWN);
      const slowest = (run: typeof control) =>
        run.received < run.expected ? Infinity : Math.max(...run.lateness) / 1000;
      // On time: no later than the same burst to endpoints that all answer (header).
      const onTime = slowest(control) * ON_TIME_FACTOR + ON_TIME_SLACK_S;
      const late = measured.lateness.filter((ms) => ms > onTime * 1000).length;
      log(
        `webhooks: on time = the all-up run's slowest ${seconds(slowest(control) * 1000)} s × ${String(ON_TIME_FACTOR)} + ${String(ON_TIME_SLACK_S)} s = ${onTime.toFixed(2)} s; with one endpoint down the slowest healthy delivery took ${seconds(slowest(measured) * 1000)} s, ${String(late)} later than that`,
      );

      return [
        {
          name: `webhook event to receiver p95 (${String(SAMPLES)} events, 1 endpoint)`,
          value: percentile(latencies, 95) + (lostSingles > 0 ? Infinity : 0),
          unit: 'ms',
          budget: 1000,
        },
        {
          name: `webhook fan-out ${String(FAN_OUT_EVENTS)} events × ${String(measured.healthyCount)} healthy, one endpoint down: slowest delivery (all up: ${seconds(slowest(control) * 1000)} s)`,
          value: slowest(measured),
          unit: 's',
          budget: Number(onTime.toFixed(2)),
        },
        {
          name: `webhook fan-out: deliveries later than ${onTime.toFixed(2)} s or missing (of ${String(measured.expected)})`,
          value: late + (measured.expected - measured.received),
          unit: '',
          budget: 0,
        },
        {
          name: `webhook fan-out: down endpoint's deliveries not retried on schedule`,
          value: measured.notRetried,
          unit: '',
          budget: 0,
        },
        {
          name: 'webhook fan-out: deliveries not accounted for in the log (both runs)',
          value: control.unaccounted + measured.unaccounted,
          unit: '',
          budget: 0,
        },
      ];
    } finally {
      receiver.stop();
    }
  });
