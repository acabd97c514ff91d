import { CREDENTIAL_STATUSES, CREDENTIAL_USE_FILTERS, type CredentialStatus } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import { SearchBox } from '../../../components/search-box';
import type { CredentialQuery } from '../hooks/use-credential-list';

interface CredentialFiltersProps {
  query: CredentialQuery;
  onChange: (query: CredentialQuery) => void;
}

/**
 * The search (applied once typing pauses, 300 ms), the status and the use filters of the credential
 * list.
 */
export const CredentialFilters = ({ query, onChange }: CredentialFiltersProps) => {
  const { t } = useTranslation();
  return (
    <FilterBar label={t('credentials.list.filters')}>
      <SearchBox
        id="credentials-search"
        className="col-md-6"
        label={t('credentials.list.search')}
        placeholder={t('credentials.list.searchPlaceholder')}
        maxLength={100}
        query={query}
        onChange={onChange}
      />
      <FilterSelect
        id="credentials-status"
        className="col-md-3"
        label={t('credentials.list.status')}
        anyLabel={t('credentials.list.anyStatus')}
        value={query.status}
        onChange={(value) => {
          const status = CREDENTIAL_STATUSES.find((s) => s === value);
          onChange({ ...query, status });
        }}
      >
        {CREDENTIAL_STATUSES.map((status: CredentialStatus) => (
          <option key={status} value={status}>
            {t(`credentials.status.${status}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="credentials-use"
        className="col-md-3"
        label={t('credentials.list.use')}
        anyLabel={t('credentials.list.anyUse')}
        value={query.use}
        onChange={(value) => {
          const use = CREDENTIAL_USE_FILTERS.find((u) => u === value);
          onChange({ ...query, use });
        }}
      >
        {CREDENTIAL_USE_FILTERS.map((use) => (
          <option key={use} value={use}>
            {t(`credentials.list.useFilter.${use}`)}
          </option>
        ))}
      </FilterSelect>
    </FilterBar>
  );
};
