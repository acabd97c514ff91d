import {
  ORGANISATION_KINDS,
  type OrganisationKind,
  REGISTRY_STATUSES,
  type RegistryStatus,
} from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import type { OrganisationQuery } from '../hooks/use-registry-lists';
import { CountryFilter, RegistrySearchBox } from './registry-filter-fields';

interface OrganisationFiltersProps {
  query: OrganisationQuery;
  onChange: (query: OrganisationQuery) => void;
}

/** The organisation list's search (applied once typing pauses) and its filters. */
export const OrganisationFilters = ({ query, onChange }: OrganisationFiltersProps) => {
  const { t } = useTranslation();
  return (
    <FilterBar label={t('registry.organisations.filters')}>
      <RegistrySearchBox
        id="organisations-search"
        placeholder={t('registry.organisations.searchPlaceholder')}
        query={query}
        onChange={onChange}
      />
      <FilterSelect
        id="organisations-kind"
        className="col-md-2"
        label={t('registry.organisations.kind')}
        anyLabel={t('registry.any')}
        value={query.kind}
        onChange={(kind) => {
          onChange({ ...query, kind: kind as OrganisationKind | undefined });
        }}
      >
        {ORGANISATION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`registry.kinds.${kind}`)}
          </option>
        ))}
      </FilterSelect>
      <CountryFilter id="organisations-country" query={query} onChange={onChange} />
      <FilterSelect
        id="organisations-status"
        className="col-md-2"
        label={t('registry.statusLabel')}
        anyLabel={t('registry.any')}
        value={query.status}
        onChange={(status) => {
          onChange({ ...query, status: status as RegistryStatus | undefined });
        }}
      >
        {REGISTRY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`registry.status.${status}`)}
          </option>
        ))}
      </FilterSelect>
    </FilterBar>
  );
};
