import type { routes } from '@ccsc/contract/routes';
import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { reachOf } from '@ccsc/contract/reach';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { CURRENT_CATALOGUE_VERSION, catalogueOf } from '@ccsc/contract/tmf-catalogue';
import { NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import type { DocumentStore } from '../core/ports/documents';
import type { Registry } from '../core/ports/registry';
import type { Clock } from '../core/ports/clock';
import type { DocumentRequestStore } from '../core/ports/document-requests';
import { fulfilmentsOf, stateOf, todayOf } from './request-states';
import { onSponsorSide } from './document-views';

/**
 * artifact/study-completeness (issue 17): the artifact-level view of a study that sponsors and
 * sites ask for — which TMF artifacts have documents, and for each site which core artifacts
 * that may be filed at site level are still empty. Read from the counters each delivery and each
 * imported file keeps (documents table, `ARTCOUNT#<studyId>`): one query, whatever the number
 * of documents. Imported files count for the sponsor side only (imports are its own).
 *
 * A sponsor's (or the study's CRO's) administrators see every site of the study; a site's, their
 * own connections only; anyone else gets 404, as for a study that does not exist.
 */

export interface CompletenessDeps {
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'artifactCounts' | 'page'>;
  /** The study's document requests (issue 35): per site, requested, received and overdue. */
  requests: Pick<DocumentRequestStore, 'requests'>;
  clock: Clock;
}

type Route = (typeof routes)['artifact/study-completeness'];

export const studyCompleteness: Core<Route, CompletenessDeps> = async (input, ctx, deps) => {
  const reach = reachOf(ctx.caller);
  const snapshot = await deps.registry.snapshot();
  const study = snapshot.studies.get(input.studyId);
  const notFound = () => new NotFoundError('No study with that id is within your reach.');
  if (study === undefined || reach.kind === 'nothing') throw notFound();
  const own = reach.kind === 'organisation' ? reach.organisationId : null;
  const sponsorSide = onSponsorSide(reach, study);
  const connections = [...snapshot.connections.values()]
    .filter((c) => c.studyId === study.studyId)
    .filter((c) => sponsorSide || c.siteOrganisationId === own)
    // Sites that exchange or did: never the invitations declined or withdrawn before any answer.
    .filter((c) => c.siteSystemId !== null || OPEN_CONNECTION_STATUSES.includes(c.status))
    .sort((a, b) => (a.siteNumber < b.siteNumber ? -1 : a.siteNumber > b.siteNumber ? 1 : 0));
  if (!sponsorSide && connections.length === 0) throw notFound();

  const catalogue = catalogueOf(CURRENT_CATALOGUE_VERSION);
  if (catalogue === null) throw new Error('The current TMF Reference Model catalogue is missing.');
  const inSight = new Set(connections.map((c) => c.connectionId));
  // Imports are the sponsor side's: their counts (trial and country level under '') are its.
  const counts = (await deps.documents.artifactCounts(study.studyId))
    .filter((c) => inSight.has(c.connectionId) || (sponsorSide && c.connectionId === ''))
    .map((c) => ({ ...c, imported: sponsorSide ? c.imported : 0 }));
  const byArtifact = new Map<string, { count: number; imported: number }>();
  const byConnection = new Map<string, Map<string, { count: number; imported: number }>>();
  const add = (
    to: Map<string, { count: number; imported: number }>,
    c: { artifactNumber: string; count: number; imported: number },
  ) => {
    const was = to.get(c.artifactNumber) ?? { count: 0, imported: 0 };
    to.set(c.artifactNumber, { count: was.count + c.count, imported: was.imported + c.imported });
  };
  for (const c of counts) {
    add(byArtifact, c);
    const of =
      byConnection.get(c.connectionId) ?? new Map<string, { count: number; imported: number }>();
    add(of, c);
    byConnection.set(c.connectionId, of);
  }
  const requests = (await deps.requests.requests(study.studyId)).filter((r) =>
    inSight.has(r.connectionId),
  );
  const fulfilled = await fulfilmentsOf(deps.documents, requests);
  const today = todayOf(deps.clock);
  const requestCounts = (connectionId: string) => {
    const states = requests
      .filter((r) => r.connectionId === connectionId)
      .map((r) => stateOf(r, fulfilled.get(r.requestId), today));
    return {
      requested: states.filter((s) => s !== 'cancelled').length,
      received: states.filter((s) => s === 'fulfilled').length,
      overdue: states.filter((s) => s === 'overdue').length,
    };
  };
  const artifacts = indexCatalogue(catalogue).list;
  const coreSite = artifacts.filter((a) => a.core && a.levels.includes('site'));
  return {
    study: { studyId: study.studyId, protocolNumber: study.protocolNumber, title: study.title },
    sponsorSide,
    catalogueVersion: catalogue.version,
    artifacts: artifacts.map((a) => ({
      number: a.number,
      name: a.name,
      core: a.core,
      siteLevel: a.levels.includes('site'),
      documents: byArtifact.get(a.number)?.count ?? 0,
      imported: byArtifact.get(a.number)?.imported ?? 0,
    })),
    sites: connections.map((c) => {
      const of =
        byConnection.get(c.connectionId) ?? new Map<string, { count: number; imported: number }>();
      const held = [...of.values()];
      return {
        connectionId: c.connectionId,
        siteNumber: c.siteNumber,
        siteName: snapshot.organisations.get(c.siteOrganisationId)?.name ?? c.siteOrganisationId,
        status: c.status,
        documents: held.reduce((sum, n) => sum + n.count, 0),
        imported: held.reduce((sum, n) => sum + n.imported, 0),
        coreSiteArtifacts: coreSite.length,
        missingCore: coreSite
          .filter((a) => {
            const n = of.get(a.number);
            return n === undefined || n.count + n.imported === 0;
          })
          .map((a) => a.number),
        requests: requestCounts(c.connectionId),
      };
    }),
  };
};
