import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  clientCredentialsTokens,
  credentialRefused,
  partnerClient,
  type PartnerClient,
} from './client';
import {
  type ConsoleEndpoints,
  createOperator,
  issueCredential,
  signInOperator,
} from './credentials';
import {
  plannedDocument,
  SIMULATED_SITE,
  SIMULATED_SPONSOR,
  SIMULATED_STUDY_ID,
  simulatedPdf,
} from './plan';
import {
  acknowledge,
  downloadChecked,
  readEvents,
  readInbox,
  subscribeWebhook,
} from './sponsor-steps';
import { activeConnection, sendDocument, sentDocument, whoAmI } from './site-steps';
import { readState, type SimulatorState, type SystemCredential, writeState } from './state';
import { startWebhookReceiver, type WebhookDelivery } from './webhook-receiver';

/**
 * The simulated partner systems (issue 36): a site system and a sponsor system that use the
 * public partner API exactly as a vendor's would, each with a credential of its own
 * (credentials.ts) and tokens from a standard OAuth client. Every `sendEveryMs` the site sends the
 * next document of its cycle (plan.ts) over its active connection; the sponsor keeps a webhook
 * endpoint subscribed at its receiver on this machine (webhook-receiver.ts, every delivery
 * verified), and every `pollEveryMs` — and at once when a webhook comes — reads its inbox,
 * downloads and checks each new document and acknowledges it, and reads its events feed as the
 * fallback for deliveries it missed. A call that fails is logged and tried again at the next tick;
 * nothing here can stop the console. Where they are (credentials, webhook, cursors) is kept in the
 * data folder (state.ts), so a restarted console's systems go on.
 */

export interface SimulatorOptions {
  endpoints: ConsoleEndpoints;
  /** The tokens' issuer (the user pool's URL as partners reach it): discovery finds the token endpoint there. */
  issuer: string;
  dataDir: string;
  /** The administrator who issues the systems' credentials (created once, credentials.ts). */
  operatorEmail: string;
  sendEveryMs: number;
  pollEveryMs: number;
  /** The sponsor's webhook receiver, on 127.0.0.1 (0: a free port). */
  receiverPort: number;
  log?: (line: string) => void;
}

/** What the systems have done since they started (the integration test and the logs read it). */
export interface SimulatorActivity {
  sent: { documentId: string; typeCode: string; state: string }[];
  acknowledged: string[];
  /** The webhook deliveries verified: the delivery's id, the event's kind and id. */
  webhooks: { id: string; type: string; eventId: string }[];
  refusedWebhooks: number;
  failures: number;
}

export interface SimulatedPartners {
  /** Where the sponsor's webhook receiver listens. */
  receiverUrl: string;
  activity(): SimulatorActivity;
  stop(): Promise<void>;
}

const SITE_SCOPES = ['system.read', 'connections.read', 'documents.send', 'events.read'];
const SPONSOR_SCOPES = ['system.read', 'documents.receive', 'events.read', 'webhooks.manage'];
const fullScopes = (names: readonly string[]) => names.map((n) => `ccsc-api/${n}`);

const WEBHOOK_DESCRIPTION = 'Simulated eTMF receiver (mock-server)';
/** What the sponsor's eTMF wants to hear of at once. */
const WEBHOOK_EVENT_TYPES = [
  'document.held',
  'document.quarantined',
  'document.recalled',
  'document.recall-requested',
  'connection.invited',
  'connection.accepted',
  'connection.ended',
  'standard.published',
  'request.overdue',
  'request.fulfilled',
  'distribution.acknowledged',
  'credential.expiring',
] as const;

/** How long the site follows a sent document for its outcome (for the log). */
const FOLLOW_MS = 20_000;

export const startSimulatedPartners = async (
  options: SimulatorOptions,
): Promise<SimulatedPartners> => {
  const log =
    options.log ??
    ((line: string) => {
      console.log(`[partners] ${line}`);
    });
  const c = options.endpoints;
  const baseUrl = `${c.consoleUrl}/ccsc/api/v1`;
  const activity: SimulatorActivity = {
    sent: [],
    acknowledged: [],
    webhooks: [],
    refusedWebhooks: 0,
    failures: 0,
  };
  let state: SimulatorState | undefined;
  let site: PartnerClient | undefined;
  let sponsor: PartnerClient | undefined;
  let connection: { connectionId: string; principalInvestigator: string } | undefined;
  let stopped = false;
  const running = new Set<Promise<void>>();

  const save = async () => {
    if (state !== undefined) await writeState(options.dataDir, state);
  };

  const receiver = await startWebhookReceiver({
    host: '127.0.0.1',
    port: options.receiverPort,
    path: '/webhooks/etmf',
    secret: () => state?.webhook?.secret ?? null,
    onDelivery: (delivery: WebhookDelivery) => {
      const eventId = typeof delivery.data.eventId === 'string' ? delivery.data.eventId : '';
      activity.webhooks.push({ id: delivery.id, type: delivery.type, eventId });
      const subject = (delivery.data.subject as { name?: string } | undefined)?.name ?? '';
      const reason = typeof delivery.data.reason === 'string' ? ` (${delivery.data.reason})` : '';
      log(`sponsor: webhook ${delivery.type} ${subject}${reason}, signature verified`);
      // News: look at the inbox and the feed now rather than at the next poll.
      guarded('poll', poll);
    },
    onRefused: (reason) => {
      activity.refusedWebhooks += 1;
      log(`sponsor: refused ${reason}`);
    },
  });

  /** Runs one piece of work unless the same is under way; a failure is logged, never thrown. */
  const busy = new Set<string>();
  const guarded = (name: string, work: () => Promise<void>) => {
    if (stopped || busy.has(name)) return;
    busy.add(name);
    const run = work()
      .catch((err: unknown) => {
        if (stopped) return;
        activity.failures += 1;
        log(`${name}: ${err instanceof Error ? err.message : String(err)} (trying again later)`);
        if (credentialRefused(err)) return forgetRefusedCredentials();
        return undefined;
      })
      .finally(() => {
        busy.delete(name);
        running.delete(run);
      });
    running.add(run);
  };

  /**
   * A token refused (its credential revoked in the console or expired, or the token older than a
   * rotation): each system asks who it is with a fresh token; one the hub still refuses is
   * forgotten, to be issued a new credential at the next setup.
   */
  const forgetRefusedCredentials = async () => {
    for (const [side, scopes] of [
      ['site', SITE_SCOPES],
      ['sponsor', SPONSOR_SCOPES],
    ] as const) {
      const credential = state?.[side];
      if (state === undefined || credential === undefined) continue;
      const fresh = clientFor(credential, scopes);
      const refused = await whoAmI(fresh).then(
        () => false,
        (err: unknown) => credentialRefused(err),
      );
      if (side === 'site') site = refused ? undefined : fresh;
      else sponsor = refused ? undefined : fresh;
      if (!refused) continue;
      log(`${side}: its credential is refused; it will be issued a new one`);
      // Its webhook endpoint is the system's, not the credential's: checked at the next setup.
      state[side] = undefined;
      await save();
    }
  };

  const clientFor = (credential: SystemCredential, scopes: readonly string[]) =>
    partnerClient({
      baseUrl,
      token: clientCredentialsTokens({
        issuer: options.issuer,
        clientId: credential.clientId,
        clientSecret: credential.clientSecret,
        scope: fullScopes(scopes).join(' '),
        allowHttp: new URL(options.issuer).protocol === 'http:',
      }),
    });

  /** Credentials, clients, the connection and the webhook, each once (kept in the data folder). */
  const setUp = async () => {
    state ??= await readState(options.dataDir, log);
    const kept = state;
    if (kept.site === undefined || kept.sponsor === undefined) {
      if (kept.operator === undefined) {
        kept.operator = await createOperator(c, options.operatorEmail);
        await save();
        log(`${options.operatorEmail} (PlatformAdmin) will issue the systems' credentials`);
      }
      const idToken = await signInOperator(c, kept.operator);
      for (const [side, system, scopes] of [
        ['site', SIMULATED_SITE, SITE_SCOPES],
        ['sponsor', SIMULATED_SPONSOR, SPONSOR_SCOPES],
      ] as const) {
        if (kept[side] !== undefined) continue;
        kept[side] = await issueCredential(
          c,
          idToken,
          {
            ...system,
            description: `Simulated ${side} system (mock-server, SIMULATED_PARTNERS)`,
          },
          fullScopes(scopes),
        );
        await save();
        log(`${side}: credential issued to ${system.systemId} and revealed by its contact`);
      }
    }
    if (kept.site === undefined || kept.sponsor === undefined) return;
    site ??= clientFor(kept.site, SITE_SCOPES);
    sponsor ??= clientFor(kept.sponsor, SPONSOR_SCOPES);
    if (connection === undefined) {
      const found = await activeConnection(site, SIMULATED_STUDY_ID);
      if (found === null) throw new Error(`site: no active connection for ${SIMULATED_STUDY_ID}`);
      connection = found;
    }
    const subscribed = await subscribeWebhook(
      sponsor,
      {
        url: receiver.url,
        eventTypes: [...WEBHOOK_EVENT_TYPES],
        description: WEBHOOK_DESCRIPTION,
      },
      kept.webhook,
    );
    if (subscribed.endpointId !== kept.webhook?.endpointId) {
      kept.webhook = { ...subscribed, url: receiver.url };
      await save();
      log(`sponsor: webhook endpoint subscribed at ${receiver.url}`);
    }
  };

  const ready = () =>
    state !== undefined &&
    site !== undefined &&
    sponsor !== undefined &&
    connection !== undefined &&
    state.webhook !== undefined;

  /** The site sends the next document of its cycle and follows it to its outcome. */
  const send = async () => {
    if (!ready()) await setUp();
    if (state === undefined || site === undefined || connection === undefined) return;
    const n = state.sent;
    const planned = plannedDocument(n);
    const title = `${planned.title} (${String(n + 1)})`;
    const now = new Date();
    const completed = await sendDocument(site, {
      idempotencyKey: `simulated-site-${randomUUID()}`,
      connectionId: connection.connectionId,
      typeCode: planned.typeCode,
      title,
      version: '1.0',
      documentDate: now.toISOString().slice(0, 10),
      language: 'en',
      ...(planned.aboutInvestigator ? { personName: connection.principalInvestigator } : {}),
      fileName: planned.fileName,
      file: simulatedPdf(title, [
        `Sent by the simulated site system (${SIMULATED_SITE.systemId}) at ${now.toISOString()}`,
        `Document type ${planned.typeCode}; a made-up document for the offline console's demo.`,
        `Nonce ${randomUUID()}`,
      ]),
    });
    state.sent = n + 1;
    await save();
    const entry = {
      documentId: completed.documentId,
      typeCode: planned.typeCode,
      state: completed.state,
    };
    activity.sent.push(entry);
    let sent = completed;
    const giveUpAt = Date.now() + FOLLOW_MS;
    while (
      ['announced', 'received', 'awaiting-scan', 'classified'].includes(sent.state) &&
      Date.now() < giveUpAt &&
      !stopped
    ) {
      await delay(500);
      sent = await sentDocument(site, completed.documentId);
    }
    entry.state = sent.state;
    const hold = sent.holdReason === null ? '' : ` (${sent.holdReason})`;
    log(`site: sent ${planned.typeCode} "${title}" ${sent.documentId}: ${sent.state}${hold}`);
  };

  /** The sponsor's inbox (download, check, acknowledge) and both systems' events feeds. */
  const poll = async () => {
    if (!ready()) return;
    if (state === undefined || sponsor === undefined || site === undefined) return;
    const cursors = state.cursors;
    for (;;) {
      const inbox = await readInbox(sponsor, cursors.inbox);
      for (const doc of inbox.documents) {
        if (doc.state !== 'delivered') continue;
        await downloadChecked(doc);
        await acknowledge(sponsor, doc.documentId);
        activity.acknowledged.push(doc.documentId);
        log(
          `sponsor: received ${doc.documentId} as ${doc.typeCode} (${doc.artifactNumber} ${doc.artifactName}), SHA-256 checked, acknowledged`,
        );
      }
      cursors.inbox = inbox.nextCursor;
      await save();
      if (!inbox.hasMore) break;
    }
    const heard = new Set(activity.webhooks.map((w) => w.eventId));
    for (const [side, system, key] of [
      ['sponsor', sponsor, 'sponsorEvents'],
      ['site', site, 'siteEvents'],
    ] as const) {
      const feed = await readEvents(system, cursors[key]);
      // The first read of a feed starts at its end: what happened before the system came is old news.
      if (cursors[key] !== undefined) {
        for (const event of feed.events) {
          const by = side === 'sponsor' && heard.has(event.eventId) ? ' (had by webhook)' : '';
          log(`${side}: event ${event.kind} ${event.subject.name}${by}`);
        }
      }
      cursors[key] = feed.nextCursor;
      await save();
    }
  };

  const sender = setInterval(() => {
    guarded('site', send);
  }, options.sendEveryMs);
  const poller = setInterval(() => {
    guarded('poll', poll);
  }, options.pollEveryMs);
  // At once: set up, then the first document, so the exchange shows from the start.
  guarded('site', send);

  return {
    receiverUrl: receiver.url,
    activity: () => activity,
    async stop() {
      stopped = true;
      clearInterval(sender);
      clearInterval(poller);
      await Promise.all(running);
      await receiver.stop();
    },
  };
};
