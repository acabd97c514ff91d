import type { DistributionRecord } from '../../core/ports/distributions';
import type { DocumentRecord } from '../../core/ports/documents';
import type { EventDraft } from '../../core/ports/events';
import type { RegistrySnapshot } from '../../core/ports/registry';
import { HUB } from '../document-views';

/**
 * A distribution's events (issue 35), each keyed by the distribution and the site, so told once
 * whichever way it is told: the site's `distribution.to-acknowledge` once its copy is delivered
 * (by the fan-out, or by the release or retry of a copy held for a mapping), the sponsor's
 * `distribution.acknowledged` once the site acknowledged (through the distribution's call, the
 * document's own, or by the distributions' pass for one cut short). Types and strings only: the
 * document writes tell a copy's events from the copy alone (`copyEventsOf`), and their
 * functions' bundles are at their budget.
 */

type Keyed = { key: string; draft: EventDraft };
type Names = Pick<RegistrySnapshot, 'organisations'>;

/** A site's copy of a distribution: its idempotency key (the distribution's and the site's). */
export const distributionKeyOf = (distributionId: string, connectionId: string) =>
  `distribution:${distributionId}:${connectionId}`;

/** One site of a distribution, as its events name it. */
interface SiteOf {
  distributionId: string;
  connectionId: string;
  siteOrganisationId: string;
  sponsorOrganisationId: string;
  title: string;
}

/** The site's letter to acknowledge (its copy delivered), or the sponsor's news that it did. */
export const siteEventOf = (site: SiteOf, acknowledged: boolean, names: Names): Keyed => {
  const { distributionId: id, connectionId, siteOrganisationId, sponsorOrganisationId } = site;
  const [to, other] = acknowledged
    ? [sponsorOrganisationId, siteOrganisationId]
    : [siteOrganisationId, sponsorOrganisationId];
  return {
    key: acknowledged
      ? `${distributionKeyOf(id, connectionId)}:acknowledged`
      : `distribution:${id}:to-acknowledge:${connectionId}`,
    draft: {
      kind: acknowledged ? 'distribution.acknowledged' : 'distribution.to-acknowledge',
      organisationId: to,
      subject: { type: 'distribution', id, name: site.title },
      counterpart: { organisationId: other, name: names.organisations.get(other)?.name ?? other },
      reason: null,
    },
  };
};

/** The targets of `record` whose copies in `documents` are acknowledged, as the sponsor's events. */
export const acknowledgedEventsOf = (
  record: DistributionRecord,
  documents: ReadonlyMap<string, DocumentRecord>,
  names: Names,
): Keyed[] =>
  record.targets.flatMap((t) => {
    const copy = t.documentId === null ? undefined : documents.get(t.documentId);
    if (copy?.state !== 'acknowledged') return [];
    return [siteEventOf({ ...record, ...t }, true, names)];
  });

/**
 * The distribution `document` is a site's copy of (distribution-fan-out.ts): its key names the
 * distribution and its connection, and the hub received it for that distribution (a sender's
 * own key of the same form is not a copy). Null for any other document — a distribution's source
 * included, which its own site acknowledges through the distribution or is told by the pass.
 */
export const copySiteOf = (document: DocumentRecord): SiteOf | null => {
  const key = document.idempotencyKey;
  const tail = `:${document.connectionId}`;
  if (!key.startsWith('distribution:') || !key.endsWith(tail)) return null;
  const distributionId = key.slice('distribution:'.length, -tail.length);
  const first = document.events[0];
  if (first?.by !== HUB || !first.detail?.startsWith(`Distribution ${distributionId} of `)) {
    return null;
  }
  return {
    distributionId,
    connectionId: document.connectionId,
    siteOrganisationId: document.receiverOrganisationId,
    sponsorOrganisationId: document.sponsorOrganisationId,
    title: document.title,
  };
};

/**
 * What a document write tells of a distribution's copy, from the copy as the write left it:
 * delivered (a release or a retry of a copy held for a mapping), the site's letter to
 * acknowledge; acknowledged, the sponsor's news. Keyed as the distribution's own, so once.
 */
export const copyEventsOf = (document: DocumentRecord, names: Names): Keyed[] => {
  const site = copySiteOf(document);
  if (site === null) return [];
  const acknowledged = document.state === 'acknowledged';
  return acknowledged || document.state === 'delivered'
    ? [siteEventOf(site, acknowledged, names)]
    : [];
};
