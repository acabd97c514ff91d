import { createHash } from 'node:crypto';
import type { AuditEntry } from '../../core/ports/audit-trail';
import type { DistributionRecord, DistributionTarget } from '../../core/ports/distributions';
import { type DocumentRecord, isDelivered } from '../../core/ports/documents';
import type { RegistrySnapshot } from '../../core/ports/registry';
import { alreadyRecorded } from '../../core/journal-audit';
import { newDocumentId } from '../document-ids';
import { HUB } from '../document-views';
import { classify } from '../classify';
import { deliveredOf, heldOf, settle } from '../routing';
import type { DistributionDeps } from './distribution-kit';
import { distributionKeyOf, siteEventOf } from './distribution-events';

/**
 * The fan-out of a distribution: each target's copy of the source document — a document record of
 * its own over the target's connection, naming the same kept file (the file is stored once) —
 * created with an idempotency key of the distribution's and the connection's, classified as
 * routing.ts classifies (its `deliveredOf` / `heldOf`) and written already delivered into the site
 * system's inbox: every copy in a few transactions (`createMany`, issue 35's 500-site budget),
 * then each delivered site's `distribution.to-acknowledge` event, then the audit record once.
 * Run again (the reminder pass finishes a distribution whose request was cut short), a copy
 * already made is found by its key and not made twice, an event by its key, and the audit
 * record is looked for first.
 */

/**
 * How many copies are made before their sites are told (the next slice made meanwhile). A
 * distribution to 500 sites is one slice: measured offline, a fan-out of notifications running
 * beside the copies took the CPU they need (issue 35's budget) more than it saved.
 */
const SLICE = 500;

/** The target's copy of `source`, received and waiting to be classified and delivered. */
const copyFor = (
  record: DistributionRecord,
  source: DocumentRecord,
  target: DistributionTarget,
  snapshot: RegistrySnapshot,
  documentId: string,
): DocumentRecord => {
  const connection = snapshot.connections.get(target.connectionId);
  const idempotencyKey = distributionKeyOf(record.distributionId, target.connectionId);
  const at = record.createdAt;
  return {
    ...source,
    documentId,
    revision: 1,
    idempotencyKey,
    requestHash: createHash('sha256').update(idempotencyKey).digest('hex'),
    state: 'received',
    holdReason: null,
    holdDetail: null,
    connectionId: target.connectionId,
    siteOrganisationId: target.siteOrganisationId,
    croOrganisationId: connection?.croOrganisationId ?? source.croOrganisationId,
    senderSystemId: connection?.sponsorSystemId ?? source.senderSystemId,
    receiverSystemId: target.siteSystemId,
    receiverOrganisationId: target.siteOrganisationId,
    classification: null,
    inboxSeq: null,
    sentAt: at,
    updatedAt: at,
    deliveredAt: null,
    acknowledgedAt: null,
    events: [
      {
        at,
        event: 'received',
        by: HUB,
        detail: `Distribution ${record.distributionId} of document ${source.documentId}.`,
      },
    ],
    downloads: [],
    downloadCount: 0,
    supersedesDocumentId: null,
    supersededByDocumentId: null,
    lastWriteId: null,
  };
};

/**
 * The copies of `pending` targets, classified now as routing.ts classifies a sent document:
 * delivered, or held with the reason (a site system whose standard lacks the artifact, say).
 */
const classifiedCopies = async (
  record: DistributionRecord,
  source: DocumentRecord,
  pending: readonly DistributionTarget[],
  snapshot: RegistrySnapshot,
  deps: DistributionDeps,
): Promise<DocumentRecord[]> => {
  const at = deps.clock.now().toISOString();
  return Promise.all(
    pending.map(async (target) => {
      const copy = copyFor(record, source, target, snapshot, newDocumentId(deps));
      const verdict = await classify(copy, snapshot, deps.rows);
      return verdict.ok
        ? deliveredOf(copy, verdict.classification, at, `Distribution ${record.distributionId}.`)
        : heldOf(copy, verdict, at, true);
    }),
  );
};

/**
 * What each site hears (issue 35): a safety letter to acknowledge, for the site's organisation,
 * once its copy is delivered. A held copy is the hub's to resolve first: the write that releases
 * it (document-writes.ts) tells its site then, under the same key. Keyed by the distribution and
 * the connection, so a fan-out run again emits none twice.
 */
const toAcknowledgeOf = (
  record: DistributionRecord,
  copies: ReadonlyMap<string, DocumentRecord>,
  snapshot: RegistrySnapshot,
): ReturnType<typeof siteEventOf>[] =>
  record.targets.flatMap((t) => {
    const copy = t.documentId === null ? undefined : copies.get(t.documentId);
    if (copy === undefined || !isDelivered(copy)) return [];
    return [siteEventOf({ ...record, ...t }, false, snapshot)];
  });

/** The distribution's audit record, in the sponsor's trail (the sites see their copies'). */
export const createdEntryOf = (record: DistributionRecord): AuditEntry => {
  const who = record.createdWho;
  return {
    action: 'distribution.created',
    outcome: 'success',
    actor: who.actor,
    target: { type: 'document', id: record.sourceDocumentId, label: record.title },
    organisationId: record.sponsorOrganisationId,
    source: who.source,
    requestId: who.requestId,
    after: {
      distributionId: record.distributionId,
      studyId: record.studyId,
      overdueDays: record.overdueDays,
      sites: record.targets.length,
      connectionIds: record.targets.map((t) => t.connectionId),
      documentIds: record.targets.map((t) => t.documentId),
      ...(who.apiId === undefined ? {} : { apiId: who.apiId }),
    },
  };
};

export type CreatedBy = DistributionRecord['createdWho'];

/**
 * Delivers every target still without its copy, records the copies, then audits the
 * distribution once. `resumed`: finishing one cut short (its audit record looked for first).
 * Answers the record and the copies as written (the source and those made or found now).
 */
export const fanOut = async (
  record: DistributionRecord,
  source: DocumentRecord,
  snapshot: RegistrySnapshot,
  deps: DistributionDeps,
  resumed: boolean,
): Promise<{ record: DistributionRecord; copies: ReadonlyMap<string, DocumentRecord> }> => {
  const pending = record.targets.filter(
    (t) => t.documentId === null && t.connectionId !== source.connectionId,
  );
  const ids = new Map<string, DocumentRecord>();
  const copies = new Map<string, DocumentRecord>([[source.documentId, source]]);
  const told = new Set<string>();
  /** The delivered sites' events of `targets` not told yet (their copies in `copies`). */
  const tell = (targets: readonly DistributionTarget[]) => {
    const items = toAcknowledgeOf(
      {
        ...record,
        targets: targets
          .filter((t) => !told.has(t.connectionId))
          .map((t) => ({
            ...t,
            documentId:
              t.documentId ??
              (t.connectionId === source.connectionId
                ? source.documentId
                : (ids.get(t.connectionId)?.documentId ?? null)),
          })),
      },
      copies,
      snapshot,
    );
    for (const t of targets) told.add(t.connectionId);
    return deps.events.appendOnce(items, new Date(record.createdAt));
  };
  // The copies a slice at a time, each slice in a few transactions (one made before, by a run cut
  // short, is answered, not doubled); each slice's sites told while the next is written, so the
  // fan-out of their notifications may start before the last copy is made.
  let telling: Promise<void> = Promise.resolve();
  try {
    for (let at = 0; at < pending.length; at += SLICE) {
      const slice = pending.slice(at, at + SLICE);
      const made = await deps.documents.createMany(
        await classifiedCopies(record, source, slice, snapshot, deps),
      );
      for (const copy of made) {
        // Made by a fan-out of before the batching, cut short before its delivery: delivered now.
        const now =
          copy.state === 'received'
            ? (
                await settle(copy, snapshot, deps, deps.clock.now().toISOString(), {
                  deliveredDetail: `Distribution ${record.distributionId}.`,
                })
              ).record
            : copy;
        ids.set(now.connectionId, now);
        copies.set(now.documentId, now);
      }
      telling = telling.then(() => tell(slice));
    }
  } finally {
    // Whatever stopped the copies, the events of those made are written (or their failure kept).
    await telling.catch(() => undefined);
  }
  await telling;
  const targets = record.targets.map((t) => ({
    ...t,
    documentId:
      t.documentId ??
      (t.connectionId === source.connectionId
        ? source.documentId
        : (ids.get(t.connectionId)?.documentId ?? null)),
  }));
  const delivered: DistributionRecord = { ...record, targets };
  // The source's own site (and any told by no slice), once.
  await tell(delivered.targets);
  const entry = createdEntryOf(delivered);
  if (!resumed || !(await alreadyRecorded(deps.auditReader, new Date(record.createdAt), entry))) {
    await deps.audit.append(entry);
  }
  const done: DistributionRecord = { ...delivered, revision: record.revision + 1, complete: true };
  if (!(await deps.distributions.update(done, record.revision))) {
    // Another run finished it meanwhile (its copies are the same ones, found by their keys).
    return { record: (await deps.distributions.get(record.distributionId)) ?? done, copies };
  }
  return { record: done, copies };
};
