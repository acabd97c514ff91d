import type { DistributionDetail, DistributionSite } from '@ccsc/contract/distributions';
import type { AuditReader, AuditTrail } from '../../core/ports/audit-trail';
import type { Clock } from '../../core/ports/clock';
import type { DistributionRecord, DistributionStore } from '../../core/ports/distributions';
import {
  type DocumentBatch,
  type DocumentRecord,
  type DocumentStore,
  isDelivered,
} from '../../core/ports/documents';
import type { EventLog } from '../../core/ports/events';
import type { Exports } from '../../core/ports/exports';
import type { RegistrySnapshot } from '../../core/ports/registry';
import type { Journal } from '../../core/journal';
import type { DocumentWriteDeps } from '../document-writes';
import type { RoutingDeps } from '../routing';

/**
 * What the distribution cores take (issue 35 part D): the registry, the documents (each site's
 * copy is a document record delivered by routing.ts like a sent one), the distributions, the
 * audit trail, and the document writes' journal (an acknowledgement is the document's own
 * `document.change`, audited there once).
 */
export interface DistributionDeps extends RoutingDeps {
  documents: RoutingDeps['documents'] & Pick<DocumentStore, 'getMany'> & DocumentBatch;
  distributions: DistributionStore;
  audit: Pick<AuditTrail, 'append'>;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  clock: Clock;
  /** The sites' `distribution.to-acknowledge` and `distribution.overdue` events (issue 35). */
  events: Pick<EventLog, 'appendOnce'>;
  writes: Pick<Journal<DocumentWriteDeps>, 'run' | 'settle'>;
  newId?: () => string;
}

export interface DistributionExportDeps extends DistributionDeps {
  exports: Exports;
  audit: AuditTrail;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a site whose copy was delivered at once and not acknowledged becomes overdue. */
export const dueAtOf = (record: Pick<DistributionRecord, 'createdAt' | 'overdueDays'>): Date =>
  new Date(Date.parse(record.createdAt) + record.overdueDays * DAY_MS);

/**
 * When this site becomes overdue: `overdueDays` after its copy reached it — the distribution's
 * due date for a copy delivered at once, later for one held for a mapping and released since.
 * Null while its copy has not reached it (held, or not made yet): nothing to acknowledge yet.
 */
export const siteDueAtOf = (
  record: Pick<DistributionRecord, 'createdAt' | 'overdueDays'>,
  document: Pick<DocumentRecord, 'deliveredAt'> | undefined,
): Date | null => {
  const delivered = document?.deliveredAt;
  if (delivered == null) return null;
  const from = Math.max(Date.parse(record.createdAt), Date.parse(delivered));
  return new Date(from + record.overdueDays * DAY_MS);
};

/** Who acknowledged a document: the last `acknowledged` event's actor (an e-mail or system:<id>). */
const acknowledgedByOf = (document: DocumentRecord): string | null =>
  document.events.findLast((e) => e.event === 'acknowledged')?.by ?? null;

/** One site's tracking: its delivery's document as it is now, and the reminders sent. */
export const siteViewOf = (
  record: DistributionRecord,
  target: DistributionRecord['targets'][number],
  document: DocumentRecord | undefined,
  snapshot: RegistrySnapshot,
  now: Date,
): DistributionSite => {
  const acknowledged = document?.state === 'acknowledged';
  const delivered = document !== undefined && isDelivered(document);
  const due = siteDueAtOf(record, document);
  const overdue = !acknowledged && due !== null && now.getTime() >= due.getTime();
  return {
    connectionId: target.connectionId,
    siteNumber: target.siteNumber,
    siteOrganisationId: target.siteOrganisationId,
    siteName:
      snapshot.organisations.get(target.siteOrganisationId)?.name ?? target.siteOrganisationId,
    documentId: target.documentId,
    state: acknowledged
      ? 'acknowledged'
      : overdue
        ? 'overdue'
        : delivered
          ? 'delivered'
          : document === undefined
            ? 'pending'
            : 'held',
    deliveredAt: document?.deliveredAt ?? null,
    acknowledgedAt: acknowledged ? document.acknowledgedAt : null,
    acknowledgedBy: acknowledged ? acknowledgedByOf(document) : null,
    overdue,
    reminders: target.reminders.map((r) => r.at),
  };
};

/** The delivered copies of `records`' targets (those `keep` keeps), by document id. */
export const deliveriesOf = async (
  deps: { documents: Pick<DocumentStore, 'getMany'> },
  records: readonly DistributionRecord[],
  keep: (target: DistributionRecord['targets'][number]) => boolean = () => true,
): Promise<Map<string, DocumentRecord>> => {
  const ids = records.flatMap((r) =>
    r.targets.flatMap((t) => (t.documentId !== null && keep(t) ? [t.documentId] : [])),
  );
  const found = await deps.documents.getMany(ids);
  return new Map(found.map((d) => [d.documentId, d]));
};

/**
 * Closes the distribution once every copy is acknowledged (the reminder pass passes it over):
 * after a site's acknowledgement, through the distribution's call or the document's own
 * (exchange-receiving.ts), and by the pass for one an interruption left open.
 */
export const closeIfDone = async (
  record: DistributionRecord,
  deps: {
    documents: Pick<DocumentStore, 'getMany'>;
    distributions: Pick<DistributionStore, 'update'>;
  },
): Promise<void> => {
  if (record.closed || !record.complete) return;
  const documents = await deliveriesOf(deps, [record]);
  const all = record.targets.every(
    (t) => t.documentId !== null && documents.get(t.documentId)?.state === 'acknowledged',
  );
  if (all)
    await deps.distributions.update(
      { ...record, revision: record.revision + 1, closed: true },
      record.revision,
    );
};

/** A distribution as the contract shows it, with the sites `keep` keeps (a site sees its own). */
export const detailOf = (
  record: DistributionRecord,
  documents: ReadonlyMap<string, DocumentRecord>,
  snapshot: RegistrySnapshot,
  now: Date,
  keep: (target: DistributionRecord['targets'][number]) => boolean = () => true,
): DistributionDetail => {
  const sites = record.targets
    .filter(keep)
    .map((t) =>
      siteViewOf(
        record,
        t,
        t.documentId === null ? undefined : documents.get(t.documentId),
        snapshot,
        now,
      ),
    );
  const study = snapshot.studies.get(record.studyId);
  return {
    distributionId: record.distributionId,
    studyId: record.studyId,
    protocolNumber: study?.protocolNumber ?? record.studyId,
    sponsorOrganisationId: record.sponsorOrganisationId,
    sponsorName:
      snapshot.organisations.get(record.sponsorOrganisationId)?.name ??
      record.sponsorOrganisationId,
    sourceDocumentId: record.sourceDocumentId,
    title: record.title,
    fileName: record.fileName,
    overdueDays: record.overdueDays,
    dueAt: dueAtOf(record).toISOString(),
    createdAt: record.createdAt,
    createdBy: record.createdBy,
    counts: {
      sites: sites.length,
      delivered: sites.filter((s) => s.deliveredAt !== null).length,
      acknowledged: sites.filter((s) => s.state === 'acknowledged').length,
      overdue: sites.filter((s) => s.overdue).length,
    },
    sites,
  };
};
