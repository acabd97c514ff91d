import type { AuditEntry } from '../../core/ports/audit-trail';
import type { DistributionRecord } from '../../core/ports/distributions';
import type { EventDraft } from '../../core/ports/events';
import { alreadyRecorded } from '../../core/journal-audit';
import { HUB } from '../document-views';
import { acknowledgedEventsOf } from './distribution-events';
import { fanOut } from './distribution-fan-out';
import type { DocumentRecord } from '../../core/ports/documents';
import {
  closeIfDone,
  type DistributionDeps,
  deliveriesOf,
  dueAtOf,
  siteDueAtOf,
} from './distribution-kit';

/**
 * The distributions' scheduled pass (issue 35 part D; `jobs/distribution-reminders.ts` hourly in
 * AWS, every pass offline): a distribution whose request was cut short is fanned out to the end
 * (its copies found by their keys, its audit record looked for); a site that has not acknowledged
 * by the due date gets a reminder, and another every `overdueDays` days after, each recorded on
 * the distribution, emitted once as the site's `distribution.overdue` event (its OrgAdmins'
 * notification and mail, by the events' fan-out) and audited once as `distribution.reminder-due`
 * (in the site's trail); a distribution every site acknowledged is closed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 50;
/** How long a distribution's request may take before the pass takes its fan-out over. */
const UNFINISHED_AFTER_MS = 5 * 60 * 1000;

export interface ReminderOutcome {
  finished: number;
  reminded: number;
  closed: number;
}

/** A reminder's audit record: its request id names it, so one cut short is found, not doubled. */
const reminderEntryOf = (
  record: DistributionRecord,
  target: DistributionRecord['targets'][number],
  at: string,
  document: DocumentRecord | undefined,
): AuditEntry => ({
  action: 'distribution.reminder-due',
  outcome: 'success',
  actor: null,
  target: {
    type: 'document',
    id: target.documentId ?? record.sourceDocumentId,
    label: record.title,
  },
  organisationId: target.siteOrganisationId,
  source: { ip: HUB, userAgent: null },
  requestId: `distribution-reminder:${record.distributionId}:${target.connectionId}:${at}`,
  after: {
    distributionId: record.distributionId,
    connectionId: target.connectionId,
    siteNumber: target.siteNumber,
    sponsorOrganisationId: record.sponsorOrganisationId,
    dueAt: (siteDueAtOf(record, document) ?? dueAtOf(record)).toISOString(),
    reminder: target.reminders.length,
  },
});

/** A reminder as the site's event: its key names the reminder (the site, its time). */
const overdueEventOf = (
  record: DistributionRecord,
  target: DistributionRecord['targets'][number],
  at: string,
  sponsorName: string | undefined,
): { key: string; draft: EventDraft } => ({
  key: `distribution:${record.distributionId}:overdue:${target.connectionId}:${at}`,
  draft: {
    kind: 'distribution.overdue',
    organisationId: target.siteOrganisationId,
    subject: { type: 'distribution', id: record.distributionId, name: record.title },
    counterpart: {
      organisationId: record.sponsorOrganisationId,
      name: sponsorName ?? record.sponsorOrganisationId,
    },
    reason: null,
  },
});

/**
 * Whether `target` is due a reminder at `now`: its copy delivered and not acknowledged, past its
 * due date (counted from the copy's delivery: distribution-kit.ts), none sent for a while.
 */
const dueNow = (
  record: DistributionRecord,
  target: DistributionRecord['targets'][number],
  document: DocumentRecord | undefined,
  now: Date,
) => {
  const due = siteDueAtOf(record, document);
  if (document?.state !== 'delivered' || due === null || now.getTime() < due.getTime()) {
    return false;
  }
  const last = target.reminders.at(-1);
  return last === undefined || now.getTime() - Date.parse(last.at) >= record.overdueDays * DAY_MS;
};

/** One distribution: finished, reminded, closed — each written over the revision it read. */
const passOne = async (
  read: DistributionRecord,
  deps: DistributionDeps,
  outcome: ReminderOutcome,
): Promise<void> => {
  let record = read;
  if (!record.complete) {
    // The request that made it may still be fanning out: only one left a while is finished here.
    if (deps.clock.now().getTime() - Date.parse(record.createdAt) < UNFINISHED_AFTER_MS) return;
    const source = await deps.documents.get(record.sourceDocumentId);
    if (source === null) return;
    record = (await fanOut(record, source, await deps.registry.snapshot(), deps, true)).record;
    outcome.finished += 1;
  }
  const now = deps.clock.now();
  const documents = await deliveriesOf(deps, [record]);
  const at = now.toISOString();
  const remind = new Set(
    record.targets.flatMap((t) => {
      const document = t.documentId === null ? undefined : documents.get(t.documentId);
      return dueNow(record, t, document, now) ? [t.connectionId] : [];
    }),
  );
  if (remind.size > 0) {
    const next: DistributionRecord = {
      ...record,
      revision: record.revision + 1,
      targets: record.targets.map((t) =>
        remind.has(t.connectionId)
          ? { ...t, reminders: [...t.reminders, { at, audited: false }] }
          : t,
      ),
    };
    if (!(await deps.distributions.update(next, record.revision))) return;
    record = next;
    outcome.reminded += remind.size;
  }
  // Every reminder recorded and not yet audited: this pass's, or one an interruption left.
  const unaudited = record.targets.flatMap((t) =>
    t.reminders.flatMap((r, i) => (r.audited ? [] : [{ t, r, i }])),
  );
  if (unaudited.length > 0) {
    // What reaches people: the site's `distribution.overdue` (a notification and, for its
    // OrgAdmins, a mail in their language; locked on), keyed by the reminder, so once.
    const sponsor = (await deps.registry.snapshot()).organisations.get(
      record.sponsorOrganisationId,
    );
    await deps.events.appendOnce(
      unaudited.map(({ t, r }) => overdueEventOf(record, t, r.at, sponsor?.name)),
      now,
    );
    for (const { t, r, i } of unaudited) {
      const entry = reminderEntryOf(
        record,
        { ...t, reminders: t.reminders.slice(0, i) },
        r.at,
        t.documentId === null ? undefined : documents.get(t.documentId),
      );
      if (r.at !== at && (await alreadyRecorded(deps.auditReader, new Date(r.at), entry))) continue;
      await deps.audit.append(entry);
    }
    const audited: DistributionRecord = {
      ...record,
      revision: record.revision + 1,
      targets: record.targets.map((t) => ({
        ...t,
        reminders: t.reminders.map((r) => ({ ...r, audited: true })),
      })),
    };
    if (!(await deps.distributions.update(audited, record.revision))) return;
    record = audited;
  }
  // Each acknowledgement not told the sponsor yet (through the document's own call, say): once.
  const told = acknowledgedEventsOf(record, documents, await deps.registry.snapshot());
  if (told.length > 0) await deps.events.appendOnce(told, now);
  await closeIfDone(record, deps);
  if ((await deps.distributions.get(record.distributionId))?.closed === true) outcome.closed += 1;
};

/** Every open distribution, oldest first; one failing is logged by the caller, the rest go on. */
export const remindDistributions = async (
  deps: DistributionDeps,
  onError: (distributionId: string, err: unknown) => void = (_id, err) => {
    throw err;
  },
): Promise<ReminderOutcome> => {
  const outcome: ReminderOutcome = { finished: 0, reminded: 0, closed: 0 };
  let after: string | undefined;
  for (;;) {
    const page = await deps.distributions.open(PAGE, after);
    for (const record of await deps.distributions.getMany(page.ids)) {
      await passOne(record, deps, outcome).catch((err: unknown) => {
        onError(record.distributionId, err);
      });
    }
    if (page.next === null) return outcome;
    after = page.next;
  }
};
