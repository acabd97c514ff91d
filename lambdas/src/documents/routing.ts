import { MAPPING_HOLD_REASONS } from '@ccsc/contract/documents';
import type { DocumentRecord, DocumentStore } from '../core/ports/documents';
import type { Registry, RegistrySnapshot } from '../core/ports/registry';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { classify, type Verdict } from './classify';
import { HUB } from './document-views';
import { supersedeEarlier } from './document-versions';

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

/** `record` delivered now with its classification (one revision on), its history told. */
export const deliveredOf = (
  record: DocumentRecord,
  classification: NonNullable<DocumentRecord['classification']>,
  at: string,
  detail: string | undefined,
): DocumentRecord => ({
  ...record,
  revision: record.revision + 1,
  state: 'delivered',
  holdReason: null,
  holdDetail: null,
  classification,
  updatedAt: at,
  deliveredAt: at,
  events: [
    ...record.events,
    {
      at,
      event: 'classified',
      by: HUB,
      detail: `${classification.sender.typeCode} → ${classification.artifactNumber} ${classification.artifactName} → ${classification.receiver?.typeCode ?? ''}`,
    },
    { at, event: 'delivered', by: HUB, detail: detail ?? null },
  ],
});

/** `record` held now with the verdict's reason (one revision on); `told`: a `held` event added. */
export const heldOf = (
  record: DocumentRecord,
  verdict: Extract<Verdict, { ok: false }>,
  at: string,
  told: boolean,
): DocumentRecord => ({
  ...record,
  revision: record.revision + 1,
  state: 'held',
  holdReason: verdict.reason,
  holdDetail: verdict.detail,
  classification: verdict.classification,
  updatedAt: at,
  events: told
    ? [...record.events, { at, event: 'held', by: HUB, detail: verdict.detail }]
    : record.events,
});

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
    /** The journaled write making the change, marked on the record (`lastWriteId`). */
    writeId?: string;
  } = {},
): Promise<{ record: DocumentRecord; changed: boolean }> => {
  const stored = options.stored ?? record;
  const lastWriteId = options.writeId ?? record.lastWriteId ?? null;
  const verdict = await classify(record, snapshot, deps.rows);
  const events = options.note === undefined ? record.events : [...record.events, options.note];
  if (verdict.ok) {
    const delivered = deliveredOf(
      { ...record, lastWriteId, events },
      verdict.classification,
      at,
      options.deliveredDetail,
    );
    const written = await deps.documents.deliver(delivered, stored);
    if (written !== null) {
      // A new version delivered: the one it supersedes is Superseded now (document-versions.ts).
      await supersedeEarlier(written, deps, at);
      return { record: written, changed: true };
    }
  } else {
    const sameHold =
      record.state === 'held' &&
      record.holdReason === verdict.reason &&
      record.holdDetail === verdict.detail;
    if (sameHold && options.note === undefined) return { record, changed: false };
    const held = heldOf({ ...record, lastWriteId, events }, verdict, at, !sameHold);
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
