import type { HoldReason } from '@ccsc/contract/document-constants';
import type { DocumentRecord } from '../core/ports/documents';
import type { EventDraft } from '../core/ports/events';
import type { RegistrySnapshot } from '../core/ports/registry';

/** The holds the receiver's side resolves (its standard); every other hold is the sender's. */
const RECEIVER_FIXES: readonly HoldReason[] = [
  'receiver-no-standard',
  'receiver-artifact-unmapped',
  'ambiguous-mapping',
];

/**
 * A document held or quarantined as an event (issue 35), for the organisation that can resolve
 * it: a quarantine and a file or sender-side hold are the sender's, a receiver-side mapping hold
 * the receiver's. Emitted by the audit step of the write that held or quarantined it (its key:
 * that write), so once. Nothing for any other state. Kept tiny: the document functions' bundles
 * are near their budget.
 */
export const heldOrQuarantined = (
  record: DocumentRecord,
  snapshot: Pick<RegistrySnapshot, 'organisations'>,
): EventDraft[] => {
  const held = record.state === 'held' && record.holdReason !== null;
  if (!held && record.state !== 'quarantined') return [];
  const receiverFixes = held && RECEIVER_FIXES.includes(record.holdReason ?? 'scan-failed');
  const [to, other] = receiverFixes
    ? [record.receiverOrganisationId, record.senderOrganisationId]
    : [record.senderOrganisationId, record.receiverOrganisationId];
  return [
    {
      kind: held ? 'document.held' : 'document.quarantined',
      organisationId: to,
      subject: { type: 'document', id: record.documentId, name: record.title },
      counterpart: {
        organisationId: other,
        name: snapshot.organisations.get(other)?.name ?? other,
      },
      reason: (held ? record.holdReason : record.quarantineReason) ?? null,
    },
  ];
};

/**
 * A document sent back as an event (issue 35), for the other side of the step: a rejection the
 * sender's (`reason`: the code, then ": " and the receiver's comment when it gave one, so a
 * partner system reads the code and a person the words); a recall the receiver's — made at once
 * (it can no longer download) or asked for (it must confirm); a recall confirmed the sender's.
 * A document recalled while held never reached the receiver: nothing to tell it. A declined
 * recall has no kind (the sender's console shows the answer). Emitted by the return's audit
 * step, keyed by its write: once.
 */
export const returned = (
  step: string,
  before: string,
  record: DocumentRecord,
  snapshot: Pick<RegistrySnapshot, 'organisations'>,
): EventDraft[] => {
  const rejection = step === 'reject' ? record.rejection : null;
  const kind =
    rejection != null
      ? 'document.rejected'
      : step === 'confirm-recall'
        ? 'document.recall-confirmed'
        : step === 'recall' && before !== 'held'
          ? record.state === 'recalled'
            ? 'document.recalled'
            : 'document.recall-requested'
          : null;
  if (kind === null) return [];
  const toSender = kind !== 'document.recalled' && kind !== 'document.recall-requested';
  const [to, other] = toSender
    ? [record.senderOrganisationId, record.receiverOrganisationId]
    : [record.receiverOrganisationId, record.senderOrganisationId];
  return [
    {
      kind,
      organisationId: to,
      subject: { type: 'document', id: record.documentId, name: record.title },
      counterpart: {
        organisationId: other,
        name: snapshot.organisations.get(other)?.name ?? other,
      },
      reason:
        rejection == null
          ? null
          : `${rejection.reason}${rejection.comment == null ? '' : `: ${rejection.comment}`}`,
    },
  ];
};
