import { STANDARD_STATUSES } from '@ccsc/contract';
import { CATALOGUE_VERSIONS } from '@ccsc/contract/standard-rows';
import type { Organisation } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      aria-label={t('standards.list.filters')}
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <div className="col-md-4">
        <label className="form-label" htmlFor="standards-search">
          {t('standards.list.search')}
        </label>
        <input
          id="standards-search"
          type="search"
          className="form-control"
          placeholder={t('standards.list.searchPlaceholder')}
          maxLength={MAX_SEARCH}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
      </div>
      <div className="col-md-2">
        <label className="form-label" htmlFor="standards-status">
          {t('standards.list.status')}
        </label>
        <select
          id="standards-status"
          className="form-select"
          value={query.status ?? ''}
          onChange={(e) => {
            const status = STANDARD_STATUSES.find((s) => s === e.target.value);
            onChange({ ...query, status });
          }}
        >
          <option value="">{t('standards.list.anyStatus')}</option>
          {STANDARD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`standards.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-2">
        <label className="form-label" htmlFor="standards-catalogue">
          {t('standards.list.catalogueVersion')}
        </label>
        <select
          id="standards-catalogue"
          className="form-select"
          value={query.catalogueVersion ?? ''}
          onChange={(e) => {
            const catalogueVersion = CATALOGUE_VERSIONS.find((v) => v === e.target.value);
            onChange({ ...query, catalogueVersion });
          }}
        >
          <option value="">{t('standards.list.anyVersion')}</option>
          {CATALOGUE_VERSIONS.map((version) => (
            <option key={version} value={version}>
              {t('standards.catalogueName', { version })}
            </option>
          ))}
        </select>
      </div>
      {organisations !== null && (
        <div className="col-md-4">
          <label className="form-label" htmlFor="standards-organisation">
            {t('standards.list.organisation')}
          </label>
          <select
            id="standards-organisation"
            className="form-select"
            value={query.organisationId ?? ''}
            onChange={(e) => {
              onChange({ ...query, organisationId: e.target.value || undefined });
            }}
          >
            <option value="">{t('standards.list.anyOrganisation')}</option>
            {organisations.map((o) => (
              <option key={o.organisationId} value={o.organisationId}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </form>
  );
};
