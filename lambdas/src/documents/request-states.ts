import type { DocumentRequest, RequestState } from '@ccsc/contract/document-requests';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { CURRENT_CATALOGUE_VERSION, catalogueOf } from '@ccsc/contract/tmf-catalogue';
import type { Clock } from '../core/ports/clock';
import type { RequestRecord } from '../core/ports/document-requests';
import { type DocumentStore, isDelivered } from '../core/ports/documents';
import type { RegistrySnapshot } from '../core/ports/registry';

/**
 * A request's state, computed when read (issue 35): nothing stores `fulfilled` or `overdue`, so
 * neither the send path (whose bundles are at their budget) nor a daily job has to keep them.
 *
 * - `cancelled`: it was cancelled.
 * - `fulfilled`: a document the site sent on the request's connection, at or after the request
 *   was made, was delivered classified to the requested artifact. The documents of an artifact
 *   fulfil that artifact's requests oldest first, one each (the first document sent, the oldest
 *   request it may fulfil).
 * - `overdue`: neither, and its due date (a UTC day) is before today's UTC day.
 * - `open`: otherwise.
 *
 * Reading costs one query of the connection's documents per connection with live requests, from
 * its oldest live request on.
 */

export interface Fulfilment {
  documentId: string;
  deliveredAt: string;
}

const PAGE = 100;

const byTimeThenId =
  <T>(time: (t: T) => string, id: (t: T) => string) =>
  (a: T, b: T) =>
    time(a) < time(b) ? -1 : time(a) > time(b) ? 1 : id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0;

/** Which document fulfilled which request, for the requests given (any studies, any sites). */
export const fulfilmentsOf = async (
  documents: Pick<DocumentStore, 'page'>,
  records: readonly RequestRecord[],
): Promise<Map<string, Fulfilment>> => {
  const out = new Map<string, Fulfilment>();
  const live = records.filter((r) => r.cancelledAt === null);
  const byConnection = new Map<string, RequestRecord[]>();
  for (const r of live)
    byConnection.set(r.connectionId, [...(byConnection.get(r.connectionId) ?? []), r]);
  for (const [connectionId, requests] of byConnection) {
    const wanted = new Set(requests.map((r) => r.artifactNumber));
    const from = requests.reduce(
      (min, r) => (r.createdAt < min ? r.createdAt : min),
      requests[0]?.createdAt ?? '',
    );
    const sent: {
      documentId: string;
      artifactNumber: string;
      sentAt: string;
      deliveredAt: string;
    }[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await documents.page({
        list: 'connection',
        key: connectionId,
        limit: PAGE,
        sentFrom: from,
        ...(after === undefined ? {} : { after }),
      });
      for (const d of page.records) {
        const artifact = d.classification?.artifactNumber;
        if (
          d.direction === 'site-to-sponsor' &&
          isDelivered(d) &&
          artifact !== undefined &&
          wanted.has(artifact)
        ) {
          sent.push({
            documentId: d.documentId,
            artifactNumber: artifact,
            sentAt: d.sentAt,
            deliveredAt: d.deliveredAt ?? d.updatedAt,
          });
        }
      }
      if (page.last === null) break;
      after = page.last;
    }
    sent.sort(
      byTimeThenId(
        (d) => d.sentAt,
        (d) => d.documentId,
      ),
    );
    const waiting = [...requests].sort(
      byTimeThenId(
        (r) => r.createdAt,
        (r) => r.requestId,
      ),
    );
    for (const d of sent) {
      const i = waiting.findIndex(
        (r) => r.artifactNumber === d.artifactNumber && r.createdAt <= d.sentAt,
      );
      if (i < 0) continue;
      const [request] = waiting.splice(i, 1);
      if (request !== undefined)
        out.set(request.requestId, { documentId: d.documentId, deliveredAt: d.deliveredAt });
    }
  }
  return out;
};

/** Today as a UTC day, YYYY-MM-DD. */
export const todayOf = (clock: Clock): string => clock.now().toISOString().slice(0, 10);

export const stateOf = (
  record: RequestRecord,
  fulfilment: Fulfilment | undefined,
  today: string,
): RequestState =>
  record.cancelledAt !== null
    ? 'cancelled'
    : fulfilment !== undefined
      ? 'fulfilled'
      : record.dueDate < today
        ? 'overdue'
        : 'open';

/** The current catalogue's artifact names by number. */
export const artifactNames = (): Map<string, string> => {
  const catalogue = catalogueOf(CURRENT_CATALOGUE_VERSION);
  if (catalogue === null) throw new Error('The current TMF Reference Model catalogue is missing.');
  return new Map(indexCatalogue(catalogue).list.map((a) => [a.number, a.name]));
};

/** The requests as both APIs show them, with their states, oldest due first. */
export const requestViews = async (
  deps: { documents: Pick<DocumentStore, 'page'>; clock: Clock },
  snapshot: RegistrySnapshot,
  records: readonly RequestRecord[],
): Promise<DocumentRequest[]> => {
  const fulfilled = await fulfilmentsOf(deps.documents, records);
  const today = todayOf(deps.clock);
  const names = artifactNames();
  return records
    .map((r): DocumentRequest => {
      const connection = snapshot.connections.get(r.connectionId);
      const study = snapshot.studies.get(r.studyId);
      const f = fulfilled.get(r.requestId);
      return {
        requestId: r.requestId,
        studyId: r.studyId,
        protocolNumber: study?.protocolNumber ?? r.studyId,
        connectionId: r.connectionId,
        siteNumber: connection?.siteNumber ?? '',
        siteOrganisationId: r.siteOrganisationId,
        siteName: snapshot.organisations.get(r.siteOrganisationId)?.name ?? r.siteOrganisationId,
        artifactNumber: r.artifactNumber,
        artifactName: names.get(r.artifactNumber) ?? r.artifactNumber,
        dueDate: r.dueDate,
        note: r.note,
        state: stateOf(r, f, today),
        createdAt: r.createdAt,
        createdBy: r.createdBy,
        cancelledAt: r.cancelledAt,
        fulfilledBy: f ?? null,
      };
    })
    .sort((a, b) =>
      byTimeThenId<DocumentRequest>(
        (x) => x.dueDate,
        (x) => x.requestId,
      )(a, b),
    );
};
