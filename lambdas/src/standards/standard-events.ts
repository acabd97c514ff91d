import type { EventDraft } from '../core/ports/events';
import type {
  RegistrySnapshot,
  StandardRecord,
  StandardVersionRecord,
} from '../core/ports/registry';

/** The connections that still bind their parties: a partner's new standard concerns them. */
const OPEN = new Set(['invited', 'active', 'suspended']);

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
  const partners = new Set<string>();
  for (const c of snapshot.connections.values()) {
    if (!OPEN.has(c.status)) continue;
    const parties = [c.sponsorOrganisationId, c.croOrganisationId, c.siteOrganisationId];
    if (!parties.includes(publisher)) continue;
    for (const p of parties) if (p !== null && p !== publisher) partners.add(p);
  }
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
