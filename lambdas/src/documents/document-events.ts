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
