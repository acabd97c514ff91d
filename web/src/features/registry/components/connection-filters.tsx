import { CONNECTION_STATUSES, type ConnectionStatus } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import type { ConnectionQuery } from '../hooks/use-registry-lists';
import { CountryFilter, RegistrySearchBox } from './registry-filter-fields';

interface ConnectionFiltersProps {
  query: ConnectionQuery;
  onChange: (query: ConnectionQuery) => void;
}

/** The connection list's search (applied once typing pauses), status and country. */
export const ConnectionFilters = ({ query, onChange }: ConnectionFiltersProps) => {
  const { t } = useTranslation();
  return (
    <FilterBar label={t('registry.connections.filters')}>
      <RegistrySearchBox
        id="connections-search"
        className="col-md-5"
        placeholder={t('registry.connections.searchPlaceholder')}
        query={query}
        onChange={onChange}
      />
      <FilterSelect
        id="connections-status"
        className="col-md-3"
        label={t('registry.statusLabel')}
        anyLabel={t('registry.any')}
        value={query.status}
        onChange={(status) => {
          onChange({ ...query, status: status as ConnectionStatus | undefined });
        }}
      >
        {CONNECTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`registry.connectionStatus.${status}`)}
          </option>
        ))}
      </FilterSelect>
      <CountryFilter id="connections-country" query={query} onChange={onChange} />
    </FilterBar>
  );
};
