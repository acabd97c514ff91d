import { ConflictError, ValidationError } from '../core/errors';
import { type DocumentRecord, type DocumentStore, isDelivered } from '../core/ports/documents';
import { HUB } from './document-views';

/**
 * Versions and signatures of documents (issue 34 item 6). A send may name an earlier document
 * it is a new version of (`supersedesDocumentId`): one the same system sent over the same
 * connection. When the new version is delivered, the earlier one is marked Superseded
 * (`supersededByDocumentId`, and a `superseded` event in its history) by `supersedeEarlier`,
 * which routing.ts calls after every delivery, and again the delivering write's audit step
 * (`earlierSupersededBy`: a step the journal runs again after an interruption, so a mark cut
 * short by a crash is made then, and audited once). The export also reads Superseded from the
 * new record's own link.
 */

const EARLIER_UNKNOWN =
  'supersedesDocumentId names no document the calling system sent: a new version supersedes an earlier document of the same sender.';

/**
 * The earlier document a send names, checked: sent by the same system over the same connection,
 * not superseded already. Answers its id (null when the send names none).
 */
export const earlierVersionOf = async (
  supersedesDocumentId: string | undefined,
  sender: { systemId: string; connectionId: string; idempotencyKey: string; version: string },
  deps: { documents: Pick<DocumentStore, 'get'> },
): Promise<string | null> => {
  if (supersedesDocumentId === undefined) return null;
  const earlier = await deps.documents.get(supersedesDocumentId);
  const field = (message: string) =>
    new ValidationError(message, [{ path: 'supersedesDocumentId', message }]);
  if (earlier?.senderSystemId !== sender.systemId) throw field(EARLIER_UNKNOWN);
  if (earlier.connectionId !== sender.connectionId) {
    throw field(
      `The document ${earlier.documentId} was sent over the connection ${earlier.connectionId}, not ${sender.connectionId}: a new version is sent over the connection of the version it supersedes.`,
    );
  }
  if (earlier.version.trim().toLowerCase() === sender.version.trim().toLowerCase()) {
    const message = `The document ${earlier.documentId} is version ${earlier.version} already: a new version has a version of its own.`;
    throw new ValidationError(message, [{ path: 'version', message }]);
  }
  const by = earlier.supersededByDocumentId ?? null;
  // The same send again (its idempotency key) finds the version it made: not a second one.
  const again = by === null ? null : await deps.documents.get(by);
  const same =
    again?.senderSystemId === sender.systemId && again.idempotencyKey === sender.idempotencyKey;
  if (by !== null && !same) {
    throw new ConflictError(
      `The document ${earlier.documentId} is already superseded by ${by}: name the newest version (${by}) as supersedesDocumentId.`,
    );
  }
  return earlier.documentId;
};

/**
 * Marks the version a document just delivered supersedes: the one it names, or — when that one
 * was superseded meanwhile by another version sent alongside (two new versions of one document
 * in flight) — the newest of that line, so exactly one version stays Current. Safe to run again
 * (a mark already made is left alone). Answers the record now marked as superseded by
 * `delivered` (null: none).
 */
const markEarlier = async (
  delivered: DocumentRecord,
  deps: { documents: Pick<DocumentStore, 'get' | 'update'> },
  at: string,
): Promise<DocumentRecord | null> => {
  let earlierId = delivered.supersedesDocumentId ?? null;
  for (let step = 0; earlierId !== null && step < 100; step += 1) {
    const earlier = await deps.documents.get(earlierId);
    if (earlier === null) return null;
    const by = earlier.supersededByDocumentId ?? null;
    if (by === delivered.documentId) return earlier;
    if (by !== null) {
      // Superseded by another version already: the line goes on from there.
      earlierId = by;
      continue;
    }
    const next: DocumentRecord = {
      ...earlier,
      revision: earlier.revision + 1,
      supersededByDocumentId: delivered.documentId,
      updatedAt: at,
      events: [
        ...earlier.events,
        {
          at,
          event: 'superseded',
          by: HUB,
          detail: `Version ${delivered.version} (${delivered.documentId}) was delivered.`,
        },
      ],
    };
    // Changed meanwhile: read it again (same id).
    if (await deps.documents.update(next, earlier)) return next;
  }
  return null;
};

/** Marks the earlier version of a document just delivered (markEarlier); whether one is marked. */
export const supersedeEarlier = async (
  delivered: DocumentRecord,
  deps: { documents: Pick<DocumentStore, 'get' | 'update'> },
  at: string,
): Promise<boolean> => (await markEarlier(delivered, deps, at)) !== null;

/**
 * The documents a record says are superseded: itself, when marked; the one it supersedes, once it
 * is delivered (the later record's own link, so it holds where a mark was cut short).
 */
export const supersededBy = (record: DocumentRecord): string[] => [
  ...(record.supersededByDocumentId == null ? [] : [record.documentId]),
  ...(record.supersedesDocumentId != null &&
  (record.state === 'delivered' || record.state === 'acknowledged')
    ? [record.supersedesDocumentId]
    : []),
];

/** What the audit record of a send says of its signer and the version it supersedes. */
export const versionAuditOf = (record: DocumentRecord) => ({
  ...(record.signature == null
    ? {}
    : { signedBy: record.signature.signerId, signedAt: record.signature.signedAt }),
  ...(record.supersedesDocumentId == null
    ? {}
    : { supersedesDocumentId: record.supersedesDocumentId }),
});

/**
 * The delivering write's audit step: the earlier version `record` supersedes, marked (made now if
 * a crash cut the mark short after the delivery) — answered for its audit record, or null when
 * `record` is not a delivered new version (or a different later version was delivered first).
 */
export const earlierSupersededBy = async (
  record: DocumentRecord,
  deps: { documents: Pick<DocumentStore, 'get' | 'update'> },
  at: string,
): Promise<DocumentRecord | null> => {
  if (!isDelivered(record) || record.supersedesDocumentId == null) return null;
  return markEarlier(record, deps, at);
};

/** The audit record of the mark: on the earlier version, naming the version that superseded it. */
export const supersededFact = (record: DocumentRecord) => ({
  action: 'document.superseded',
  after: {
    supersededByDocumentId: record.documentId,
    version: record.version,
  },
});
