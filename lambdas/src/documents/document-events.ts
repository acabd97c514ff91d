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

/** A distribution's copy's idempotency key (distribution-fan-out.ts): `distribution:<id>:<conn>`. */
const DISTRIBUTION_KEY = /^distribution:([^:]+):/u;

/**
 * A site acknowledged its copy of a safety letter (issue 35): news for the sponsor, emitted by
 * the acknowledging write's audit step (its key: that write), so once, whichever way the site
 * acknowledged (the distribution's call, or the document's own).
 */
export const distributionAcknowledged = (
  record: DocumentRecord,
  snapshot: Pick<RegistrySnapshot, 'organisations'>,
): EventDraft[] => {
  const distributionId = DISTRIBUTION_KEY.exec(record.idempotencyKey)?.[1];
  if (record.state !== 'acknowledged' || distributionId === undefined) return [];
  const site = record.receiverOrganisationId;
  return [
    {
      kind: 'distribution.acknowledged',
      organisationId: record.sponsorOrganisationId,
      subject: { type: 'distribution', id: distributionId, name: record.title },
      counterpart: { organisationId: site, name: snapshot.organisations.get(site)?.name ?? site },
      reason: null,
    },
  ];
};
