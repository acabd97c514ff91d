/**
 * Issue 35's budgets offline: with 10,000 notifications for one user, the notification list's
 * first page and the unread count (the header's two calls, side by side) <= 100 ms (median); with
 * 100,000 events of one organisation, a page of the partner feed from a cursor in the middle
 * <= 100 ms (median). The items are written as the adapters write them (data-model.ts), with
 * BatchWriteItem; the calls go through the console as a browser and a partner system make them.
 */
import { performance } from 'node:perf_hooks';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { dynamodbDocuments } from '../support/aws';
import { callApi } from '../support/api';
import { issueCredential, partnerToken } from '../support/oauth';
import { batchWriter, median, withConsole } from './support';
import type { BenchResult } from './users';

const NOTIFICATIONS = 10_000;
const EVENTS = 100_000;
const RUNS = 21;
const DIGITS = 15;

const event = (organisationId: string, sequence: number, at: string) => ({
  eventId: `bench-${String(sequence)}`,
  sequence,
  at,
  kind: 'connection.invited',
  organisationId,
  subject: { type: 'connection', id: `conn-${String(sequence)}`, name: 'BENCH-001 · Klinik' },
  counterpart: { organisationId: 'bench-sponsor', name: 'Bench Pharma' },
  reason: null,
});

export const measureEvents = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const ok = async (op: string, body: unknown) => {
      const res = await callApi(c, op, { token: admin.idToken, body });
      if (res.status !== 200)
        throw new Error(`${op}: ${String(res.status)} ${JSON.stringify(res.body)}`);
      return (res.body as { data: Record<string, unknown> }).data;
    };
    const org = (await ok('create-organisation', {
      name: 'Bench Events Klinik',
      kind: 'site',
      country: 'DE',
      identifiers: [],
    })) as { organisation: { organisationId: string } };
    const organisationId = org.organisation.organisationId;
    const system = (await ok('create-system', {
      organisationId,
      name: 'Bench Events eISF',
      kind: 'eisf',
      vendor: 'Bench',
      product: 'ISF',
      environment: 'test',
      technicalContactEmail: 'bench-events@example.org',
    })) as { system: { systemId: string } };
    const credential = await issueCredential(c, admin, system.system.systemId, [
      'ccsc-api/events.read',
    ]);

    const db = dynamodbDocuments(c);
    const table = tableName('local', TABLES.main);
    const started = performance.now();
    const writer = batchWriter(db, table, 8);
    const base = Date.now() - EVENTS * 1_000;
    for (let i = 1; i <= EVENTS; i += 1) {
      const at = new Date(base + i * 1_000).toISOString();
      await writer.add({
        pk: `EVENT#${organisationId}`,
        sk: String(i).padStart(DIGITS, '0'),
        ...event(organisationId, i, at),
      });
      if (i <= NOTIFICATIONS) {
        await writer.add({
          pk: `NOTIF#${admin.userName}`,
          sk: `N#${at}#bench-${String(i)}`,
          notificationId: `${at}#bench-${String(i)}`,
          ...event(organisationId, i, at),
          organisationName: 'Bench Events Klinik',
          read: i % 3 === 0,
        });
      }
    }
    await writer.add({ pk: `EVENT#${organisationId}`, sk: '#SEQ', sequence: EVENTS });
    await writer.add({
      pk: `NOTIF#${admin.userName}`,
      sk: '#STATE',
      unread: NOTIFICATIONS - Math.floor(NOTIFICATIONS / 3),
    });
    await writer.done();
    log(
      `events: ${String(EVENTS)} events and ${String(NOTIFICATIONS)} notifications written in ${String(Math.round((performance.now() - started) / 1000))} s`,
    );

    const header: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      const [list, count] = await Promise.all([
        callApi(c, 'notifications/list', { method: 'GET', token: admin.idToken }),
        callApi(c, 'notifications/unread-count', { method: 'GET', token: admin.idToken }),
      ]);
      header.push(performance.now() - t0);
      if (list.status !== 200 || count.status !== 200) {
        throw new Error(`notifications: ${String(list.status)} ${String(count.status)}`);
      }
      const page = (list.body as { data: { notifications: unknown[] } }).data.notifications;
      if (page.length !== 50) throw new Error(`notifications/list answered ${String(page.length)}`);
    }

    const token = await partnerToken(
      c.cognitoEndpoint,
      c.userPoolId,
      credential,
      'ccsc-api/events.read',
    );
    const feed: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const since = 50_000 + run * 100;
      const t0 = performance.now();
      const res = await fetch(`${c.url}/ccsc/api/v1/events?since=${String(since)}&limit=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data?: { events: { sequence: string }[] } };
      feed.push(performance.now() - t0);
      if (res.status !== 200 || body.data?.events[0]?.sequence !== String(since + 1)) {
        throw new Error(`events feed: ${String(res.status)} ${JSON.stringify(body).slice(0, 200)}`);
      }
    }
    return [
      {
        name: `notification list + unread count (${String(NOTIFICATIONS)} for the user, median)`,
        value: Math.round(median(header)),
        unit: 'ms',
        budget: 100,
      },
      {
        name: `partner events feed page of 100 (${String(EVENTS)} events, median)`,
        value: Math.round(median(feed)),
        unit: 'ms',
        budget: 100,
      },
    ];
  });
