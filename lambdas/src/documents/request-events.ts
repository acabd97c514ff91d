import type { EventKind, EventSubject } from '@ccsc/contract/events';
import type { Clock } from '../core/ports/clock';
import type { DocumentRequestStore, RequestRecord } from '../core/ports/document-requests';
import type { DocumentStore } from '../core/ports/documents';
import type { EventDraft, EventLog } from '../core/ports/events';
import type { Registry, RegistrySnapshot } from '../core/ports/registry';
import { artifactNames, type Fulfilment, fulfilmentsOf } from './request-states';
import { displayDate } from '../core/display-dates';

/**
 * Document requests as events (issue 35). `request.received` is the sponsor's request itself,
 * emitted by the write that makes it (document-requests.core.ts, request-writes.ts). The others
 * follow from a request's state, which is computed when read (request-states.ts: nothing stores
 * `fulfilled` or `overdue`, and the send path's bundles are at their budget), so a scheduled pass
 * (jobs/document-follow-ups.ts) reads every study's live requests and emits, for each, once:
 *
 * - `request.due-soon` to the site, when it is open and due within DUE_SOON_DAYS;
 * - `request.overdue` to the site and to the sponsor, when its due day has passed unfulfilled;
 * - `request.fulfilled` to the sponsor, when a document the site sent fulfilled it.
 *
 * "Once" is the event log's: each event is appended under a key of the request, the kind and the
 * recipient (`request:<id>:<kind>:<organisation>`), and a key written before writes nothing, so
 * a pass run again (or two passes at once) never doubles one.
 */

/**
 * How many days before its due day a request is "due soon": a site's document usually has to be
 * collected, signed or scanned first, which takes a few working days; three calendar days still
 * leave that time across a weekend, and no sooner, so the reminder is not noise beside a request
 * made with a due date weeks away.
 */
export const DUE_SOON_DAYS = 3;

/**
 * How far back a fact is still news: a fulfilment delivered, or a due day passed, within the last
 * seven days. Older ones were told by an earlier pass (every 15 minutes); looking them up again
 * every pass would cost a read per request ever made. Only a pass that did not run for a whole
 * week loses one, and then the request's state still shows it.
 */
export const NEWS_DAYS = 7;

const DAY_MS = 86_400_000;

export interface RequestEventDeps {
  registry: Pick<Registry, 'snapshot'>;
  requests: Pick<DocumentRequestStore, 'requests'>;
  documents: Pick<DocumentStore, 'page'>;
  events: Pick<EventLog, 'appendOnce'>;
  clock: Clock;
}

/** What a request event is about: the request, named by its artifact, study and due day. */
export const requestSubject = (
  record: Pick<RequestRecord, 'requestId' | 'studyId' | 'artifactNumber' | 'dueDate'>,
  names: ReadonlyMap<string, string>,
  snapshot: Pick<RegistrySnapshot, 'studies'>,
): EventSubject => ({
  type: 'request',
  id: record.requestId,
  name: `${names.get(record.artifactNumber) ?? record.artifactNumber} (${
    snapshot.studies.get(record.studyId)?.protocolNumber ?? record.studyId
  }, ${displayDate(record.dueDate)})`,
  studyId: record.studyId,
});

const draftOf = (
  kind: EventKind,
  to: 'site' | 'sponsor',
  record: RequestRecord,
  subject: EventSubject,
  snapshot: Pick<RegistrySnapshot, 'organisations'>,
): EventDraft => {
  const [organisationId, other] =
    to === 'site'
      ? [record.siteOrganisationId, record.sponsorOrganisationId]
      : [record.sponsorOrganisationId, record.siteOrganisationId];
  return {
    kind,
    organisationId,
    subject,
    counterpart: { organisationId: other, name: snapshot.organisations.get(other)?.name ?? other },
    reason: null,
  };
};

/** The sponsor's request as news for the site (the write that makes it emits it). */
export const receivedEvents = (
  records: readonly RequestRecord[],
  snapshot: Pick<RegistrySnapshot, 'organisations' | 'studies'>,
): EventDraft[] => {
  const names = artifactNames();
  return records.map((r) =>
    draftOf('request.received', 'site', r, requestSubject(r, names, snapshot), snapshot),
  );
};

/** The UTC day `days` after `day` (YYYY-MM-DD). */
const dayPlus = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The events one request's state is news of now, each with its key: none when it is cancelled,
 * or when what it is news of happened before NEWS_DAYS.
 */
export const newsOf = (
  record: RequestRecord,
  fulfilment: Fulfilment | undefined,
  now: Date,
  names: ReadonlyMap<string, string>,
  snapshot: Pick<RegistrySnapshot, 'organisations' | 'studies'>,
): { key: string; draft: EventDraft }[] => {
  if (record.cancelledAt !== null) return [];
  const today = now.toISOString().slice(0, 10);
  const since = new Date(now.getTime() - NEWS_DAYS * DAY_MS).toISOString();
  const subject = requestSubject(record, names, snapshot);
  const news = (kind: EventKind, to: 'site' | 'sponsor') => {
    const draft = draftOf(kind, to, record, subject, snapshot);
    return { key: `request:${record.requestId}:${kind}:${draft.organisationId}`, draft };
  };
  if (fulfilment !== undefined) {
    return fulfilment.deliveredAt >= since ? [news('request.fulfilled', 'sponsor')] : [];
  }
  if (record.dueDate < today) {
    // Overdue since the day after its due day: news for a week from then.
    return dayPlus(record.dueDate, 1) >= since.slice(0, 10)
      ? [news('request.overdue', 'site'), news('request.overdue', 'sponsor')]
      : [];
  }
  return record.dueDate <= dayPlus(today, DUE_SOON_DAYS) ? [news('request.due-soon', 'site')] : [];
};

export interface RequestEventsOutcome {
  /** Studies whose requests were read. */
  studies: number;
  /** Events the pass offered the log (those written before are not written again). */
  offered: number;
  /** Studies it could not handle (left for the next pass). */
  failed: number;
}

/**
 * One pass over every study's requests: each live request's news offered to the event log once.
 * A study that fails is reported to `onFailure` and left for the next pass; the rest go on.
 */
export const emitRequestEvents = async (
  deps: RequestEventDeps,
  onFailure: (studyId: string, err: unknown) => void,
): Promise<RequestEventsOutcome> => {
  const snapshot = await deps.registry.snapshot();
  const names = artifactNames();
  const outcome: RequestEventsOutcome = { studies: 0, offered: 0, failed: 0 };
  for (const studyId of [...snapshot.studies.keys()].sort()) {
    try {
      const live = (await deps.requests.requests(studyId)).filter((r) => r.cancelledAt === null);
      if (live.length === 0) continue;
      outcome.studies += 1;
      const now = deps.clock.now();
      const fulfilled = await fulfilmentsOf(deps.documents, live);
      const items = live.flatMap((r) =>
        newsOf(r, fulfilled.get(r.requestId), now, names, snapshot),
      );
      if (items.length === 0) continue;
      await deps.events.appendOnce(items, now);
      outcome.offered += items.length;
    } catch (err) {
      outcome.failed += 1;
      onFailure(studyId, err);
    }
  }
  return outcome;
};
