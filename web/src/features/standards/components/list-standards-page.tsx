import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FilterChip, FilterChips } from '../../../components/filter-bar';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { formatDisplayDate } from '../../../lib/dates';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { reachesEverything } from '../../../lib/reach';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useOrganisations } from '../hooks/use-organisations';
import { type StandardQuery, useStandardList } from '../hooks/use-standard-list';
import { mayCreateStandards, standardActor } from '../utils/standard-rules';
import type { StandardSummary } from '../utils/standard-types';
import { StandardFilters } from './standard-filters';
import { StandardTable } from './standard-table';

const filtered = (query: StandardQuery) =>
  [
    query.search,
    query.status,
    query.catalogueVersion,
    query.organisationId,
    query.systemId,
    query.draftBefore,
  ].some((value) => value !== undefined);

/** A system the list is filtered to, by the name the rows give it, else by its id. */
const systemName = (systemId: string, rows: readonly StandardSummary[]): string =>
  rows.flatMap((s) => s.systems).find((system) => system.systemId === systemId)?.name ?? systemId;

/**
 * /admin/artifact/list-of-mapping-standards (issue 16): the mapping standards the caller sees,
 * newest change first, searched and filtered (status, catalogue version and, for whoever sees
 * every organisation, organisation), a page at a time, with how many match; a row opens the
 * editor. "New standard" for those who may create one. The filters live in the address, named as
 * artifact/list-standards names them (lib/list-query.ts): a link may name the organisation
 * (`?organisationId=…`, a held document's "Map this type" when its system has no standard yet) or
 * the drafts started before a day (`?status=draft&draftBefore=…`, the dashboard's old drafts);
 * a system or that day, which have no field, show as removable chips.
 */
export const ListStandardsPage = () => {
  const { t, i18n } = useTranslation();
  const [profile] = useState(getProfile);
  const actor = standardActor(profile);
  const everything = reachesEverything(profile);
  const organisations = useOrganisations(everything);
  const address = useAddressQuery('artifact/list-standards');
  // Only whoever may filter by organisation is given the filter: the others see their own.
  const linked = useMemo(
    () => (everything ? address.query : { ...address.query, organisationId: undefined }),
    [everything, address.query],
  );
  const list = useStandardList(linked);
  useListFollowsAddress('artifact/list-standards', list, linked);
  const change = address.setQuery;

  const chips: FilterChip[] = [];
  if (linked.systemId !== undefined) {
    const text = t('standards.list.chip.systemId', {
      name: systemName(linked.systemId, list.items),
    });
    chips.push({
      key: 'systemId',
      text,
      removeLabel: t('standards.list.removeChip', { filter: text }),
    });
  }
  if (linked.draftBefore !== undefined) {
    const text = t('standards.list.chip.draftBefore', {
      day: formatDisplayDate(linked.draftBefore, i18n.language),
    });
    chips.push({
      key: 'draftBefore',
      text,
      removeLabel: t('standards.list.removeChip', { filter: text }),
    });
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
        query={linked}
        onChange={change}
        organisations={everything && organisations.state === 'loaded' ? organisations.value : null}
      />
      <FilterChips
        label={t('standards.list.linkedFilters')}
        chips={chips}
        onRemove={(key) => {
          change({ ...linked, [key]: undefined });
        }}
      />
      <PagedList
        list={list}
        showing={t('standards.list.showing', { count: list.items.length, total: list.total })}
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
