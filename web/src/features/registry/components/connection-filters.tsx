import { CONNECTION_STATUSES, type ConnectionStatus } from '@ccsc/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionQuery } from '../hooks/use-registry-lists';
import { CountryOptions } from './country-options';
import { SearchBox } from './search-box';

interface ConnectionFiltersProps {
  query: ConnectionQuery;
  onChange: (query: ConnectionQuery) => void;
}

/** The connection list's search (applied once typing pauses), status and country. */
export const ConnectionFilters = ({ query, onChange }: ConnectionFiltersProps) => {
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
      aria-label={t('registry.connections.filters')}
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <SearchBox
        id="connections-search"
        className="col-md-5"
        label={t('registry.search')}
        placeholder={t('registry.connections.searchPlaceholder')}
        applied={query.search}
        initial={query.search ?? ''}
        onSearch={onSearch}
      />
      <div className="col-md-3">
        <label className="form-label" htmlFor="connections-status">
          {t('registry.statusLabel')}
        </label>
        <select
          id="connections-status"
          className="form-select"
          value={query.status ?? ''}
          onChange={(e) => {
            onChange({
              ...query,
              status: (e.target.value || undefined) as ConnectionStatus | undefined,
            });
          }}
        >
          <option value="">{t('registry.any')}</option>
          {CONNECTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`registry.connectionStatus.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="connections-country">
          {t('registry.country')}
        </label>
        <select
          id="connections-country"
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
    </form>
  );
};
