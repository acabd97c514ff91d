import type { distributionPartnerRoutes, distributionRoutes } from '@ccsc/contract/distributions';
import { actorOf, sourceOf } from '../../core/audit-entry';
import { ConflictError, ForbiddenError, NotFoundError } from '../../core/errors';
import type { Core } from '../../core/request';
import type { DistributionRecord, DistributionTarget } from '../../core/ports/distributions';
import { changeDocument, DOCUMENT_BUSY, documentSubject, type Who } from '../document-writes';
import { systemWho } from '../exchange.core';
import { acknowledgedEventsOf } from './distribution-events';
import { closeIfDone, type DistributionDeps, deliveriesOf, detailOf } from './distribution-kit';
import { NOT_FOUND } from './distribution-reads.core';

/**
 * A site acknowledges a distribution (issue 35 part D): each of its delivered copies acknowledged
 * by the document's own journaled change (document-writes.ts `acknowledge`), so the
 * acknowledgement is the document's — in the site system's inbox, on the sponsor's tracking, and
 * in both trails once (`document.acknowledged`). Acknowledged again: the same answer, nothing
 * written. A copy not delivered yet (held for a mapping) is left for later, and so stays open.
 */

/** Acknowledges the copies of `own` targets; answers the tracking of those targets. */
const acknowledgeOwn = async (
  record: DistributionRecord,
  own: (t: DistributionTarget) => boolean,
  who: Who,
  deps: DistributionDeps,
) => {
  for (const target of record.targets.filter(own)) {
    if (target.documentId === null) continue;
    await deps.writes.settle(documentSubject(target.documentId), DOCUMENT_BUSY);
    for (let attempt = 0; ; attempt += 1) {
      const document = await deps.documents.get(target.documentId);
      if (document?.state !== 'delivered') break;
      if (await changeDocument(deps.writes, document, 'acknowledge', who)) break;
      // Changed between the read and the write (a counter, a download): read again.
      if (attempt >= 2) {
        throw new ConflictError('The delivery changed while it was being acknowledged; try again.');
      }
    }
  }
  await closeIfDone(record, deps);
  const [documents, snapshot] = await Promise.all([
    deliveriesOf(deps, [record], own),
    deps.registry.snapshot(),
  ]);
  // The sponsor hears of each of these sites' acknowledgements, once (keyed by site).
  await deps.events.appendOnce(acknowledgedEventsOf(record, documents, snapshot), deps.clock.now());
  return { distribution: detailOf(record, documents, snapshot, deps.clock.now(), own) };
};

/** distributions/acknowledge: the site's OrgAdmin, for its own organisation's sites. */
export const acknowledgeDistribution: Core<
  (typeof distributionRoutes)['distributions/acknowledge'],
  DistributionDeps
> = async (input, ctx, deps) => {
  const organisationId = ctx.caller.organisationId;
  if (ctx.caller.role !== 'OrgAdmin') {
    throw new ForbiddenError(
      'Only the site’s OrgAdmin (or its system) acknowledges a distribution.',
    );
  }
  const record = await deps.distributions.get(input.distributionId);
  const own = (t: DistributionTarget) => t.siteOrganisationId === organisationId;
  if (record === null || organisationId === null) {
    throw new NotFoundError(NOT_FOUND);
  }
  if (!record.targets.some(own)) {
    // The sponsor reads its distribution but does not acknowledge for its sites.
    throw new NotFoundError(
      record.sponsorOrganisationId === organisationId
        ? 'Only a site acknowledges a distribution; your organisation sent this one.'
        : NOT_FOUND,
    );
  }
  return acknowledgeOwn(
    record,
    own,
    {
      by: ctx.caller.email,
      actor: actorOf(ctx.caller),
      source: sourceOf(ctx),
      requestId: ctx.requestId,
    },
    deps,
  );
};

/** partner-acknowledge-distribution: the site system, for the sites it serves. */
export const partnerAcknowledgeDistribution: Core<
  (typeof distributionPartnerRoutes)['partner-acknowledge-distribution'],
  DistributionDeps
> = async (input, ctx, deps) => {
  const record = await deps.distributions.get(input.distributionId);
  const own = (t: DistributionTarget) => t.siteSystemId === ctx.client.systemId;
  if (record === null || !record.targets.some(own)) {
    throw new NotFoundError('No distribution with that id was delivered to the calling system.');
  }
  return acknowledgeOwn(record, own, systemWho(ctx), deps);
};
