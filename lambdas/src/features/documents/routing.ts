import { MAPPING_HOLD_REASONS } from '@ccsc/contract/documents';
import type { DocumentRecord, DocumentStore } from '../../ports/documents';
import type { Registry, RegistrySnapshot } from '../../ports/registry';
import type { StandardRowsStore } from '../../ports/standard-rows';
import { classify } from './classify';
import type { AuditTrail } from '../../ports/audit-trail';
import { HUB, documentTarget } from './document-views';

/**
 * The hub's one way of moving a document on once its file is in: classify it with the standards
 * published now, then deliver it to the receiver's inbox, or hold it with the reason. Used by the
 * sender's completion, by the release that follows a standard's publication, and by an
 * administrator's retry.
 */

export interface RoutingDeps {
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'get' | 'update' | 'deliver' | 'page'>;
  rows: Pick<StandardRowsStore, 'get'>;
}

/**
 * Classifies `record` (received, or held for a mapping) and writes the outcome on its revision:
 * delivered, or held with the reason found now. Answers the record as written; when someone
 * changed it meanwhile, the record as it is now (untouched by this call).
 */
export const settle = async (
  record: DocumentRecord,
  snapshot: RegistrySnapshot,
  deps: RoutingDeps,
  at: string,
  options: {
    /** Recorded whatever the outcome (an administrator's retry). */
    note?: DocumentRecord['events'][number];
    /** Said of the delivery (a release after a publication). */
    deliveredDetail?: string;
    /**
     * The record as stored, when `record` is a copy changed in memory at the same revision (a
     * completion's received document): what the change is made from, and counted from.
     */
    stored?: DocumentRecord;
  } = {},
): Promise<{ record: DocumentRecord; changed: boolean }> => {
  const stored = options.stored ?? record;
  const verdict = await classify(record, snapshot, deps.rows);
  const events = options.note === undefined ? record.events : [...record.events, options.note];
  if (verdict.ok) {
    const { classification } = verdict;
    const delivered: DocumentRecord = {
      ...record,
      revision: record.revision + 1,
      state: 'delivered',
      holdReason: null,
      holdDetail: null,
      classification,
      updatedAt: at,
      deliveredAt: at,
      events: [
        ...events,
        {
          at,
          event: 'classified',
          by: HUB,
          detail: `${classification.sender.typeCode} → ${classification.artifactNumber} ${classification.artifactName} → ${classification.receiver?.typeCode ?? ''}`,
        },
        { at, event: 'delivered', by: HUB, detail: options.deliveredDetail ?? null },
      ],
    };
    const written = await deps.documents.deliver(delivered, stored);
    if (written !== null) return { record: written, changed: true };
  } else {
    const sameHold =
      record.state === 'held' &&
      record.holdReason === verdict.reason &&
      record.holdDetail === verdict.detail;
    if (sameHold && options.note === undefined) return { record, changed: false };
    const held: DocumentRecord = {
      ...record,
      revision: record.revision + 1,
      state: 'held',
      holdReason: verdict.reason,
      holdDetail: verdict.detail,
      classification: verdict.classification,
      updatedAt: at,
      events: sameHold
        ? events
        : [...events, { at, event: 'held', by: HUB, detail: verdict.detail }],
    };
    if (await deps.documents.update(held, stored)) return { record: held, changed: true };
  }
  const now = await deps.documents.get(record.documentId);
  return { record: now ?? record, changed: false };
};

/** Whether a held document waits for a mapping (and so may be released by a publication). */
export const waitsForMapping = (record: DocumentRecord): boolean =>
  record.state === 'held' &&
  record.holdReason !== null &&
  MAPPING_HOLD_REASONS.includes(record.holdReason);

/**
 * Tries again every document held for a mapping that involves one of `systemIds` (as sender or
 * receiver; every held one when null): after a standard naming them was published. Answers the
 * documents delivered now.
 */
export const releaseHeld = async (
  systemIds: readonly string[] | null,
  deps: RoutingDeps & { audit: Pick<AuditTrail, 'appendAll'> },
  at: () => string,
  /** The request or job that releases, for the audit trail. */
  origin: { requestId: string; by: string },
  /** Stop starting new documents after this time (ms since the epoch); the job does the rest. */
  deadline = Number.POSITIVE_INFINITY,
): Promise<DocumentRecord[]> => {
  const snapshot = await deps.registry.snapshot();
  const involved = systemIds === null ? null : new Set(systemIds);
  const released: DocumentRecord[] = [];
  let after: string | undefined;
  do {
    const page = await deps.documents.page({ list: 'held', key: '', limit: 100, after });
    for (const record of page.records) {
      if (Date.now() > deadline) return released;
      if (!waitsForMapping(record)) continue;
      if (
        involved !== null &&
        !involved.has(record.senderSystemId) &&
        !involved.has(record.receiverSystemId)
      ) {
        continue;
      }
      const outcome = await settle(record, snapshot, deps, at(), {
        deliveredDetail: 'Released: the mapping it waited for was published.',
      });
      if (outcome.changed && outcome.record.state === 'delivered') {
        const done = outcome.record;
        released.push(done);
        // The hub's own act: no one signed in, the reason says why.
        await deps.audit.appendAll(
          [...new Set([done.senderOrganisationId, done.receiverOrganisationId])].map(
            (organisationId) => ({
              action: 'document.released',
              outcome: 'success' as const,
              actor: null,
              target: documentTarget(done),
              organisationId,
              source: { ip: 'hub', userAgent: origin.by },
              requestId: origin.requestId,
              before: { state: 'held', holdReason: record.holdReason },
              after: {
                state: done.state,
                artifactNumber: done.classification?.artifactNumber ?? null,
                receiverTypeCode: done.classification?.receiver?.typeCode ?? null,
              },
              reason: 'The mapping it waited for was published.',
            }),
          ),
        );
      }
    }
    after = page.last ?? undefined;
  } while (after !== undefined);
  return released;
};
