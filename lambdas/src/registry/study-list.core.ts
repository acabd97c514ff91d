import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { Registry, StudyRecord } from '../core/ports/registry';
import { byKey, pageOf, searchKey, searchMatcher, sortKey } from '../core/list-page';
import { linksOf, organisationName, perSnapshot, toStudy, viewOf } from './registry-view';

export interface ListStudiesDeps {
  registry: Pick<Registry, 'snapshot'>;
}

interface StudyEntry {
  study: StudyRecord;
  /** By sponsor, then protocol number. */
  key: string;
  /** Found by: the start of a word of the protocol number, title, sponsor or CRO. */
  search: string;
}

const studiesOf = perSnapshot((snapshot): readonly StudyEntry[] =>
  [...snapshot.studies.values()]
    .map((study) => {
      const sponsor = organisationName(snapshot, study.sponsorOrganisationId);
      const cro =
        study.croOrganisationId === null
          ? null
          : organisationName(snapshot, study.croOrganisationId);
      return {
        study,
        key: `${sortKey(sponsor, study.sponsorOrganisationId)}\u0001${sortKey(
          study.protocolNumber,
          study.studyId,
        )}`,
        search: searchKey([study.protocolNumber, study.title, sponsor, cro]),
      };
    })
    .sort(byKey),
);

/**
 * The studies an organisation has to do with: those it owns (sponsor) or acts for (CRO), and
 * those it is a site of (a connection in any state).
 */
const studiesOfOrganisation = (
  links: ReturnType<typeof linksOf>,
  organisationId: string,
): ReadonlySet<string> =>
  new Set([
    ...(links.studiesOf.get(organisationId) ?? []).map((s) => s.studyId),
    ...(links.connectionsOf.get(organisationId) ?? [])
      .filter((c) => c.siteOrganisationId === organisationId)
      .map((c) => c.studyId),
  ]);

/**
 * list-studies: the studies the caller sees (everything-readers all; the people of a sponsor or
 * a CRO their own, a site's those it is connected to), by sponsor then protocol number, filtered,
 * searched and paged.
 */
export const listStudies: Core<(typeof routes)['list-studies'], ListStudiesDeps> = async (
  { limit, cursor, ...query },
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const view = viewOf(ctx.caller, snapshot);
  const matches = searchMatcher(query.search);
  const of =
    query.organisationId === undefined
      ? null
      : studiesOfOrganisation(linksOf(snapshot), query.organisationId);
  const found = studiesOf(snapshot).filter(
    ({ study, search }) =>
      (of === null || of.has(study.studyId)) &&
      (query.status === undefined || study.status === query.status) &&
      view.study(study) &&
      (matches === null || matches(search)),
  );
  const page = pageOf('studies', query, { limit, cursor }, found);
  return {
    studies: page.items.map(({ study }) => toStudy(study, snapshot)),
    count: page.count,
    total: page.total,
    nextCursor: page.nextCursor,
  };
};
