import { STANDARD_STATUSES } from '@ccsc/contract';
import { CATALOGUE_VERSIONS } from '@ccsc/contract/standard-rows';
import type { Organisation } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import { SearchBox } from '../../../components/search-box';
import type { StandardQuery } from '../hooks/use-standard-list';

interface StandardFiltersProps {
  query: StandardQuery;
  onChange: (query: StandardQuery) => void;
  /** The organisations to filter by; null when the caller sees one organisation only. */
  organisations: readonly Organisation[] | null;
}

/** At most what the server takes (artifact/list-standards: search ≤ 100 characters). */
const MAX_SEARCH = 100;

/**
 * The standards list's search (applied once typing pauses, 300 ms, like the other lists) and its
 * filters: status, catalogue version and, for a caller who sees every organisation, organisation.
 */
export const StandardFilters = ({ query, onChange, organisations }: StandardFiltersProps) => {
  const { t } = useTranslation();
  return (
    <FilterBar label={t('standards.list.filters')}>
      <SearchBox
        id="standards-search"
        label={t('standards.list.search')}
        placeholder={t('standards.list.searchPlaceholder')}
        maxLength={MAX_SEARCH}
        query={query}
        onChange={onChange}
      />
      <FilterSelect
        id="standards-status"
        className="col-md-2"
        label={t('standards.list.status')}
        anyLabel={t('standards.list.anyStatus')}
        value={query.status}
        onChange={(value) => {
          const status = STANDARD_STATUSES.find((s) => s === value);
          onChange({ ...query, status });
        }}
      >
        {STANDARD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`standards.status.${status}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="standards-catalogue"
        className="col-md-2"
        label={t('standards.list.catalogueVersion')}
        anyLabel={t('standards.list.anyVersion')}
        value={query.catalogueVersion}
        onChange={(value) => {
          const catalogueVersion = CATALOGUE_VERSIONS.find((v) => v === value);
          onChange({ ...query, catalogueVersion });
        }}
      >
        {CATALOGUE_VERSIONS.map((version) => (
          <option key={version} value={version}>
            {t('standards.catalogueName', { version })}
          </option>
        ))}
      </FilterSelect>
      {organisations !== null && (
        <FilterSelect
          id="standards-organisation"
          className="col-md-4"
          label={t('standards.list.organisation')}
          anyLabel={t('standards.list.anyOrganisation')}
          value={query.organisationId}
          onChange={(organisationId) => {
            onChange({ ...query, organisationId });
          }}
        >
          {organisations.map((o) => (
            <option key={o.organisationId} value={o.organisationId}>
              {o.name}
            </option>
          ))}
        </FilterSelect>
      )}
    </FilterBar>
  );
};
