import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { listOrganisationOf } from '../../../config/standard-paths';
import { reachesEverything } from '../../../lib/reach';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useOrganisations } from '../hooks/use-organisations';
import { type StandardQuery, useStandardList } from '../hooks/use-standard-list';
import { mayCreateStandards, standardActor } from '../utils/standard-rules';
import { StandardFilters } from './standard-filters';
import { StandardTable } from './standard-table';

const filtered = (query: StandardQuery) =>
  [query.search, query.status, query.catalogueVersion, query.organisationId, query.systemId].some(
    (value) => value !== undefined,
  );

/**
 * /admin/artifact/list-of-mapping-standards (issue 16): the mapping standards the caller sees,
 * newest change first, searched and filtered (status, catalogue version and, for whoever sees
 * every organisation, organisation), a page at a time; a row opens the editor. "New standard" for
 * those who may create one. A link may name the organisation to begin with (`?organisationId=…`,
 * a held document's "Map this type" when its system has no standard yet).
 */
export const ListStandardsPage = () => {
  const { t } = useTranslation();
  const [profile] = useState(getProfile);
  const actor = standardActor(profile);
  const everything = reachesEverything(profile);
  const organisations = useOrganisations(everything);
  const [params] = useSearchParams();
  // Only whoever may filter by organisation is given the filter: the others see their own.
  const [organisationId] = useState(() => (everything ? listOrganisationOf(params) : undefined));
  const list = useStandardList(organisationId === undefined ? {} : { organisationId });

  return (
    <>
      <ScreenIntro
        heading={t('standards.listHeading')}
        description={t('standards.listDescription')}
      />
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {mayCreateStandards(actor) ? (
          <Link className="btn btn-primary" to={paths.admin.createStandard}>
            {t('standards.list.new')}
          </Link>
        ) : (
          <p className="text-body-secondary mb-0">{t('standards.list.readOnly')}</p>
        )}
      </div>
      <StandardFilters
        query={list.query}
        onChange={list.setQuery}
        organisations={everything && organisations.state === 'loaded' ? organisations.value : null}
      />
      <PagedList
        list={list}
        failure={messageOfError(list.error, t('standards.list.loadFailed'))}
        retryLabel={t('standards.retry')}
        empty={
          filtered(list.query)
            ? t('standards.list.noMatch')
            : mayCreateStandards(actor)
              ? t('standards.list.emptyCreate')
              : t('standards.list.empty')
        }
        pagingLabel={t('standards.list.paging')}
      >
        <StandardTable standards={list.items} loading={list.loading} />
      </PagedList>
    </>
  );
};
