import { dataOf, type PartnerClient } from './client';
import type { paths } from './partner-api';
import { sha256Of } from './site-steps';

/**
 * What a sponsor system (an eTMF) does through the partner API, one step a function: read its
 * inbox from a cursor, download a document and check its SHA-256, acknowledge it, read its events
 * feed, and keep a webhook endpoint subscribed.
 */

/** The documents delivered to the caller after `since` (scope documents.receive), in order. */
export const readInbox = async (sponsor: PartnerClient, since?: string) =>
  dataOf(
    await sponsor.GET('/documents', {
      params: { query: { limit: 100, ...(since === undefined ? {} : { since }) } },
    }),
  );

export type ReceivedDocument = Awaited<ReturnType<typeof readInbox>>['documents'][number];

/**
 * The file of a received document from its 15-minute download link, checked against the SHA-256
 * the sender announced (and the hub verified). Throws when it does not match.
 */
export const downloadChecked = async (doc: ReceivedDocument): Promise<Uint8Array> => {
  if (doc.download == null) throw new Error(`${doc.documentId} has no download link`);
  const res = await fetch(doc.download.url);
  if (!res.ok) throw new Error(`The download of ${doc.documentId} answered ${String(res.status)}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (sha256Of(bytes) !== doc.sha256) {
    throw new Error(`${doc.documentId}: the file downloaded is not the file announced`);
  }
  return bytes;
};

/** Confirms the document is filed on the caller's side (scope documents.receive); idempotent. */
export const acknowledge = async (sponsor: PartnerClient, documentId: string) =>
  dataOf(
    await sponsor.POST('/documents/{documentId}/acknowledge', {
      params: { path: { documentId } },
      body: {},
    }),
  );

/** What happened to the caller's organisation after `since` (scope events.read), oldest first. */
export const readEvents = async (system: PartnerClient, since?: string) =>
  dataOf(
    await system.GET('/events', {
      params: { query: { limit: 100, ...(since === undefined ? {} : { since }) } },
    }),
  );

export type PartnerEvent = Awaited<ReturnType<typeof readEvents>>['events'][number];

/** What subscribing an endpoint takes: its URL, the event types, a description. */
export type WebhookSubscription = NonNullable<
  paths['/webhooks']['post']['requestBody']
>['content']['application/json'];

/**
 * The caller's webhook endpoint at `url` (scope webhooks.manage), subscribed anew: an endpoint
 * of this system at another URL or whose secret we no longer hold (`keep` says which one we do)
 * is deleted first. Answers the endpoint and its secret (a new one: the hub answers it once).
 */
export const subscribeWebhook = async (
  system: PartnerClient,
  endpoint: WebhookSubscription & { description: string },
  keep?: { endpointId: string; secret: string },
): Promise<{ endpointId: string; secret: string }> => {
  const { endpoints } = dataOf(await system.GET('/webhooks'));
  const kept = endpoints.find(
    (e) => e.endpointId === keep?.endpointId && e.url === endpoint.url && e.status === 'active',
  );
  if (kept !== undefined && keep !== undefined) return keep;
  for (const old of endpoints.filter((e) => e.description === endpoint.description)) {
    dataOf(
      await system.POST('/webhooks/{endpointId}/delete', {
        params: { path: { endpointId: old.endpointId } },
        body: { revision: old.revision },
      }),
    );
  }
  const made = dataOf(await system.POST('/webhooks', { body: endpoint }));
  return { endpointId: made.endpoint.endpointId, secret: made.secret };
};
