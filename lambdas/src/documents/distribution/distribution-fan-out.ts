import { createHash } from 'node:crypto';
import type { AuditEntry } from '../../core/ports/audit-trail';
import type { DistributionRecord, DistributionTarget } from '../../core/ports/distributions';
import type { DocumentRecord } from '../../core/ports/documents';
import type { RegistrySnapshot } from '../../core/ports/registry';
import { alreadyRecorded } from '../../core/journal-audit';
import { newIdOf } from '../../core/ids';
import { HUB } from '../document-views';
import { settle } from '../routing';
import type { DistributionDeps } from './distribution-kit';

/**
 * The fan-out of a distribution: each target's copy of the source document — a document record of
 * its own over the target's connection, naming the same kept file (the file is stored once) —
 * created with an idempotency key of the distribution's and the connection's, then classified and
 * delivered into the site system's inbox by routing.ts, the one way a document is delivered.
 * Run again (the reminder pass finishes a distribution whose request was cut short), a copy
 * already made is found by its key and not made twice; the audit record is looked for first.
 */

/** How many deliveries are written at once: the counters they share take turns (the adapter). */
const PARALLEL = 8;

export const distributionKeyOf = (distributionId: string, connectionId: string) =>
  `distribution:${distributionId}:${connectionId}`;

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

/** Makes and delivers one target's copy; answers its document id. */
const deliverOne = async (
  record: DistributionRecord,
  source: DocumentRecord,
  target: DistributionTarget,
  snapshot: RegistrySnapshot,
  deps: DistributionDeps,
): Promise<string> => {
  if (target.connectionId === source.connectionId) return source.documentId;
  const made = await deps.documents.create(
    copyFor(record, source, target, snapshot, `doc-${newIdOf(deps)().replaceAll('-', '')}`),
  );
  if (made.record.state === 'received') {
    await settle(made.record, snapshot, deps, deps.clock.now().toISOString(), {
      deliveredDetail: `Distribution ${record.distributionId}.`,
    });
  }
  return made.record.documentId;
};

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
 */
export const fanOut = async (
  record: DistributionRecord,
  source: DocumentRecord,
  snapshot: RegistrySnapshot,
  deps: DistributionDeps,
  resumed: boolean,
): Promise<DistributionRecord> => {
  const targets = [...record.targets];
  const pending = targets.flatMap((t, i) => (t.documentId === null ? [i] : []));
  for (let at = 0; at < pending.length; at += PARALLEL) {
    await Promise.all(
      pending.slice(at, at + PARALLEL).map(async (i) => {
        const target = targets[i];
        if (target === undefined) return;
        targets[i] = {
          ...target,
          documentId: await deliverOne(record, source, target, snapshot, deps),
        };
      }),
    );
  }
  const delivered: DistributionRecord = { ...record, targets };
  const entry = createdEntryOf(delivered);
  if (!resumed || !(await alreadyRecorded(deps.auditReader, new Date(record.createdAt), entry))) {
    await deps.audit.append(entry);
  }
  const done: DistributionRecord = { ...delivered, revision: record.revision + 1, complete: true };
  if (!(await deps.distributions.update(done, record.revision))) {
    // Another run finished it meanwhile (its copies are the same ones, found by their keys).
    return (await deps.distributions.get(record.distributionId)) ?? done;
  }
  return done;
};
