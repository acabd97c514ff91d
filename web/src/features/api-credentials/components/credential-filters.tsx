import { CREDENTIAL_STATUSES, type CredentialStatus } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CredentialQuery } from '../hooks/use-credential-list';

interface CredentialFiltersProps {
  query: CredentialQuery;
  onChange: (query: CredentialQuery) => void;
}

/** The search (applied once typing pauses, 300 ms) and the status filter of the credential list. */
export const CredentialFilters = ({ query, onChange }: CredentialFiltersProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState(query.search ?? '');
  const search = text.trim() === '' ? undefined : text.trim();

  useEffect(() => {
    if (search === query.search) return;
    const timer = setTimeout(() => {
      onChange({ ...query, search });
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [search, query, onChange]);

  return (
    <form
      className="row g-2 mb-3"
      role="search"
      aria-label={t('credentials.list.filters')}
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <div className="col-md-6">
        <label className="form-label" htmlFor="credentials-search">
          {t('credentials.list.search')}
        </label>
        <input
          id="credentials-search"
          type="search"
          className="form-control"
          placeholder={t('credentials.list.searchPlaceholder')}
          maxLength={100}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
      </div>
      <div className="col-md-3">
        <label className="form-label" htmlFor="credentials-status">
          {t('credentials.list.status')}
        </label>
        <select
          id="credentials-status"
          className="form-select"
          value={query.status ?? ''}
          onChange={(e) => {
            const status = CREDENTIAL_STATUSES.find((s) => s === e.target.value);
            onChange({ ...query, status });
          }}
        >
          <option value="">{t('credentials.list.anyStatus')}</option>
          {CREDENTIAL_STATUSES.map((status: CredentialStatus) => (
            <option key={status} value={status}>
              {t(`credentials.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
};
