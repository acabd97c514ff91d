import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningConsole, readSimulatedPartnersState, startConsole } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoNotifications } from '@ccsc/lambdas/adapters';
import { rebuildIndex } from '@ccsc/lambdas/jobs';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { cognito, createEnrolledUser, dynamodbDocuments } from '../support/aws';
import { type ConsoleInfo, consoleInfo, testEnv } from '../support/console';
import { partnerToken } from '../support/oauth';

/**
 * The simulated partner systems (issue 36, SIMULATED_PARTNERS): a console started with them has
 * its site system send documents over the seeded connection and its sponsor system receive,
 * check and acknowledge them, the held one heard of by a webhook verified with the Standard
 * Webhooks library and in the demo administrator's notifications — each with a credential the
 * console lists as any other. Restarted on the
 * same data, they go on with the credentials they kept; a credential revoked, it is issued anew. Runs its own console (this test file has
 * its own process), a document every 2 s, the EICAR stand-in for the scan (fast to start).
 */

const dataDir = await mkdtemp(join(tmpdir(), 'ccsc-sim-'));
const env = testEnv(dataDir, {
  SIMULATED_PARTNERS: '1',
  SIMULATED_PARTNERS_EVERY_SECONDS: '2',
  MALWARE_SCANNER: 'stand-in',
});
let running: RunningConsole | undefined;

interface ListedCredential {
  apiId: string;
  revision: number;
  systemId: string;
  clientId: string;
  status: string;
  createdBy: string;
}

afterAll(async () => {
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Waits until `done` holds of the running partners' activity (at most `ms`). */
const waitFor = async (done: (c: RunningConsole) => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (running !== undefined && !done(running) && Date.now() < until) await delay(100);
  if (running === undefined || !done(running)) {
    throw new Error(
      `not within ${String(ms)} ms: ${JSON.stringify(running?.partners?.activity())}`,
    );
  }
};

/** The bootstrap administrator's user name in the pool (provisioning makes them by e-mail). */
const bootstrapAdminName = async (c: ConsoleInfo) => {
  const found = await cognito(c).send(
    new ListUsersCommand({
      UserPoolId: c.userPoolId,
      Filter: `email = "${c.bootstrapAdminEmail}"`,
      Limit: 1,
    }),
  );
  return found.Users?.[0]?.Username ?? '';
};
const notificationsOf = (c: ConsoleInfo) =>
  new DynamoNotifications(dynamodbDocuments(c), tableName('local', TABLES.main));

describe('the simulated partner systems', () => {
  it('exchange documents through the partner API: sent, received, acknowledged; a webhook verified', async () => {
    running = await startConsole(env);
    expect(running.partners?.receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//u);
    await waitFor((c) => {
      const a = c.partners?.activity();
      return (a?.acknowledged.length ?? 0) >= 1 && (a?.webhooks.length ?? 0) >= 1;
    }, 25_000);
    const activity = running.partners?.activity();
    expect(activity?.refusedWebhooks).toBe(0);
    expect(activity?.webhooks[0]?.type).toBe('document.held');
    const acknowledged = activity?.acknowledged[0] ?? '';
    expect(activity?.sent.map((s) => s.documentId)).toContain(acknowledged);

    // Seen by others as the hub has it: the site's sent document acknowledged, through the
    // partner API with the site's own credential (kept in the data folder, as a vendor keeps it).
    const c = consoleInfo(running, env);
    const state = await readSimulatedPartnersState(dataDir);
    const { site, sponsor } = state;
    if (site === undefined || sponsor === undefined) throw new Error('no credentials');
    const token = await partnerToken(
      c.cognitoEndpoint,
      c.userPoolId,
      site,
      'ccsc-api/documents.send',
    );
    const sent = await fetch(`${c.url}/ccsc/api/v1/documents/${acknowledged}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      ((await sent.json()) as { data: { document: { state: string } } }).data.document.state,
    ).toBe('acknowledged');

    // Their credentials as the console lists every credential: issued by the platform operator.
    const admin = await createEnrolledUser(c, 'PlatformAdmin');
    const listed = await callApi(c, 'list-api-credentials', { token: admin.idToken, body: {} });
    const credentials = (
      listed.body as {
        data: {
          credentials: { systemId: string; clientId: string; status: string; createdBy: string }[];
        };
      }
    ).data.credentials;
    expect(
      credentials
        .filter((k) => [site.clientId, sponsor.clientId].includes(k.clientId))
        .map((k) => [k.systemId, k.status, k.createdBy])
        .sort(),
    ).toEqual([
      ['muenchen-isar-ehr', 'active', 'ops@ccsc-platform.example'],
      ['nordlicht-etmf', 'active', 'ops@ccsc-platform.example'],
    ]);
  }, 60_000);

  it('leave the held documents in the demo administrator’s notification list', async () => {
    if (running === undefined) throw new Error('no console');
    const c = consoleInfo(running, env);
    const userName = await bootstrapAdminName(c);
    const notifications = notificationsOf(c);
    // Set once at the first start: held documents in the list; nothing else chosen for them.
    expect(await notifications.preferences(userName)).toEqual({
      channels: { 'document.held': 'in-app' },
      language: null,
    });
    // They hear of events once the user index has them: after their first sign-in, or the
    // nightly rebuild, run here (provisioning makes them in Cognito alone). A held document comes
    // every sixth send, every 12 s here.
    await rebuildIndex();
    const until = Date.now() + 30_000;
    let kinds: string[] = [];
    while (!kinds.includes('document.held') && Date.now() < until) {
      const page = await notifications.list(userName, {
        limit: 20,
        cursor: null,
        unreadOnly: false,
      });
      kinds = page.notifications.map((n) => n.kind);
      if (!kinds.includes('document.held')) await delay(500);
    }
    expect(kinds).toContain('document.held');
    // A choice of theirs stands: the next start leaves it.
    await notifications.savePreferences(userName, { channels: {}, language: 'de' });
  }, 50_000);

  it('go on after a restart with the credentials they kept', async () => {
    const before = await readSimulatedPartnersState(dataDir);
    await running?.stop();
    running = undefined;
    running = await startConsole(env);
    await waitFor((c) => (c.partners?.activity().acknowledged.length ?? 0) >= 1, 20_000);
    const after = await readSimulatedPartnersState(dataDir);
    expect(after.site).toEqual(before.site);
    expect(after.sponsor).toEqual(before.sponsor);
    expect(after.sent).toBeGreaterThan(before.sent);
    // The administrator's own choice (the test above) was not set back by the start.
    const c = consoleInfo(running, env);
    expect(await notificationsOf(c).preferences(await bootstrapAdminName(c))).toEqual({
      channels: {},
      language: 'de',
    });
  }, 60_000);

  it('are issued a new credential when one is revoked in the console, and go on', async () => {
    if (running === undefined) throw new Error('no console');
    const c = consoleInfo(running, env);
    const before = await readSimulatedPartnersState(dataDir);
    const admin = await createEnrolledUser(c, 'PlatformAdmin');
    const listed = await callApi(c, 'list-api-credentials', { token: admin.idToken, body: {} });
    const site = (
      listed.body as { data: { credentials: ListedCredential[] } }
    ).data.credentials.find((k) => k.clientId === before.site?.clientId);
    if (site === undefined) throw new Error('the site credential is not listed');
    const revoked = await callApi(c, 'deleteApiCredential', {
      token: admin.idToken,
      body: { apiId: site.apiId, revision: site.revision, reason: 'A test of the simulated site.' },
    });
    expect(revoked.status).toBe(200);
    const sentBefore = running.partners?.activity().sent.length ?? 0;
    await waitFor((r) => (r.partners?.activity().sent.length ?? 0) > sentBefore + 1, 20_000);
    const after = await readSimulatedPartnersState(dataDir);
    expect(after.site?.clientId).not.toBe(before.site?.clientId);
    expect(after.sponsor).toEqual(before.sponsor);
  }, 60_000);
});
