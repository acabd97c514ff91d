import { partnerOrganisations } from '../core/lists/standards';
import type { EventDraft } from '../core/ports/events';
import type {
  RegistrySnapshot,
  StandardRecord,
  StandardVersionRecord,
} from '../core/ports/registry';

/**
 * A published version as events (issue 35): one for each organisation the publisher has an open
 * connection with (as sponsor, CRO or site), since their documents are classified through it.
 */
export const publishedEvents = (
  record: Pick<StandardRecord, 'standardId' | 'organisationId'>,
  version: Pick<StandardVersionRecord, 'name' | 'version'>,
  snapshot: RegistrySnapshot,
): EventDraft[] => {
  const publisher = record.organisationId;
  const partners = partnerOrganisations(publisher, snapshot);
  const counterpart = {
    organisationId: publisher,
    name: snapshot.organisations.get(publisher)?.name ?? publisher,
  };
  return [...partners].sort().map((organisationId) => ({
    kind: 'standard.published' as const,
    organisationId,
    subject: {
      type: 'standard' as const,
      id: record.standardId,
      name: `${version.name} v${String(version.version)}`,
    },
    counterpart,
    reason: null,
  }));
};
