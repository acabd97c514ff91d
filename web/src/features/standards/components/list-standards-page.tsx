import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Pager } from '../../../components/pager';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { reachesEverything } from '../../../lib/reach';
import { getProfile } from '../../../lib/session';
import { useOrganisations } from '../hooks/use-organisations';
import { type StandardQuery, useStandardList } from '../hooks/use-standard-list';
import { messageOfError } from '../utils/errors';
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
 * those who may create one.
 */
export const ListStandardsPage = () => {
  const { t } = useTranslation();
  const [profile] = useState(getProfile);
  const actor = standardActor(profile);
  const everything = reachesEverything(profile);
  const organisations = useOrganisations(everything);
  const list = useStandardList({});

  let body;
  if (list.initialLoading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (list.error !== null && !list.loading) {
    body = (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
        <span className="me-auto">
          {messageOfError(list.error, t('standards.list.loadFailed'))}
        </span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={list.reload}>
          {t('standards.retry')}
        </button>
      </div>
    );
  } else if (list.items.length === 0 && !list.loading) {
    body = (
      <p className="alert alert-secondary" role="status">
        {filtered(list.query)
          ? t('standards.list.noMatch')
          : mayCreateStandards(actor)
            ? t('standards.list.emptyCreate')
            : t('standards.list.empty')}
      </p>
    );
  } else {
    body = <StandardTable standards={list.items} loading={list.loading} />;
  }

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
      {body}
      <Pager label={t('standards.list.paging')} pages={list} />
    </>
  );
};
