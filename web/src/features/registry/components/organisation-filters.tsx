import {
  ORGANISATION_KINDS,
  type OrganisationKind,
  REGISTRY_STATUSES,
  type RegistryStatus,
} from '@ccsc/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganisationQuery } from '../hooks/use-registry-lists';
import { CountryOptions } from './country-options';
import { SearchBox } from './search-box';

interface OrganisationFiltersProps {
  query: OrganisationQuery;
  onChange: (query: OrganisationQuery) => void;
}

/** The organisation list's search (applied once typing pauses) and its filters. */
export const OrganisationFilters = ({ query, onChange }: OrganisationFiltersProps) => {
  const { t } = useTranslation();
  const onSearch = useCallback(
    (search: string | undefined) => {
      onChange({ ...query, search });
    },
    [query, onChange],
  );
  return (
    <form
      className="row g-2 mb-3"
      role="search"
      aria-label={t('registry.organisations.filters')}
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <SearchBox
        id="organisations-search"
        label={t('registry.search')}
        placeholder={t('registry.organisations.searchPlaceholder')}
        applied={query.search}
        onSearch={onSearch}
      />
      <div className="col-md-2">
        <label className="form-label" htmlFor="organisations-kind">
          {t('registry.organisations.kind')}
        </label>
        <select
          id="organisations-kind"
          className="form-select"
          value={query.kind ?? ''}
          onChange={(e) => {
            onChange({
              ...query,
              kind: (e.target.value || undefined) as OrganisationKind | undefined,
            });
          }}
        >
          <option value="">{t('registry.any')}</option>
          {ORGANISATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`registry.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="organisations-country">
          {t('registry.country')}
        </label>
        <select
          id="organisations-country"
          className="form-select"
          value={query.country ?? ''}
          onChange={(e) => {
            onChange({ ...query, country: e.target.value || undefined });
          }}
        >
          <option value="">{t('registry.anyCountry')}</option>
          <CountryOptions />
        </select>
      </div>
      <div className="col-md-2">
        <label className="form-label" htmlFor="organisations-status">
          {t('registry.statusLabel')}
        </label>
        <select
          id="organisations-status"
          className="form-select"
          value={query.status ?? ''}
          onChange={(e) => {
            onChange({
              ...query,
              status: (e.target.value || undefined) as RegistryStatus | undefined,
            });
          }}
        >
          <option value="">{t('registry.any')}</option>
          {REGISTRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`registry.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
};
