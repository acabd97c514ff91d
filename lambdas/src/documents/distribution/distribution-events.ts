import type { DistributionRecord } from '../../core/ports/distributions';
import type { DocumentRecord } from '../../core/ports/documents';
import type { EventDraft } from '../../core/ports/events';
import type { RegistrySnapshot } from '../../core/ports/registry';
import { distributionKeyOf } from './distribution-fan-out';

/**
 * Each site's acknowledgement as the sponsor's `distribution.acknowledged` event (issue 35),
 * keyed by the distribution and the site, so once however often it is told: by the site's
 * acknowledgement through the distribution's calls at once, and by the distributions' pass for
 * any not told yet (a copy acknowledged through the document's own call, or a call cut short).
 * Kept out of the document writes: the document functions' bundles are at their budget.
 */
export const acknowledgedEventsOf = (
  record: DistributionRecord,
  documents: ReadonlyMap<string, DocumentRecord>,
  snapshot: Pick<RegistrySnapshot, 'organisations'>,
): { key: string; draft: EventDraft }[] =>
  record.targets.flatMap((t) => {
    const copy = t.documentId === null ? undefined : documents.get(t.documentId);
    if (copy?.state !== 'acknowledged') return [];
    const site = t.siteOrganisationId;
    return [
      {
        key: `${distributionKeyOf(record.distributionId, t.connectionId)}:acknowledged`,
        draft: {
          kind: 'distribution.acknowledged',
          organisationId: record.sponsorOrganisationId,
          subject: { type: 'distribution', id: record.distributionId, name: record.title },
          counterpart: {
            organisationId: site,
            name: snapshot.organisations.get(site)?.name ?? site,
          },
          reason: null,
        },
      },
    ];
  });
