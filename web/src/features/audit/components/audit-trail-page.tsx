import { useTranslation } from 'react-i18next';
import { type FilterChip, FilterChips } from '../../../components/filter-bar';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Pager } from '../../../components/pager';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { CsvExportButton } from '../../../components/csv-export-button';
import { ApiError, callApi } from '../../../lib/api';
import { listSearchOf, useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { reachOf } from '../../../lib/reach';
import { getProfile } from '../../../lib/session';
import { useAuditRecords } from '../hooks/use-audit-records';
import { type AuditQuery, exactTimesOf, formatAuditTime } from '../utils/audit-format';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { VerifyChain } from './verify-chain';

type LoadFailure = 'audit.forbidden' | 'audit.invalidQuery' | 'audit.loadFailed';

const failureOf = (error: unknown): LoadFailure => {
  if (error instanceof ApiError && error.status === 403) return 'audit.forbidden';
  if (error instanceof ApiError && error.status === 400) return 'audit.invalidQuery';
  return 'audit.loadFailed';
};

/**
 * The audit trail (/admin/audit-trail): who did what to whom, from where, with what outcome —
 * newest first, filtered, a page at a time — and the check that nobody changed it afterwards.
 * The server scopes the records to the caller's reach; the whole chain holds every
 * organisation's records, so only a caller who reaches everything (a PlatformAdmin, an Auditor
 * of every organisation) is offered to verify it (issue 12). The filters applied live in the
 * address under list-audit-records' names (lib/list-query.ts), so a link — a dashboard figure's
 * view since an hour (`?view=failed-sign-ins&from=…`), a change's target (`?target=…`) — opens the
 * list it counted; a time within a day shows exactly, as a removable chip. Where the server counts
 * the list (a view in a time range), it says how many records it holds.
 */
export const AuditTrailPage = () => {
  const { t, i18n } = useTranslation();
  const { query, setQuery } = useAddressQuery('list-audit-records');
  const audit = useAuditRecords(query);
  useListFollowsAddress('list-audit-records', audit, query);
  const reach = reachOf(getProfile()).kind;
  const search = listSearchOf('list-audit-records', query);

  /** Applies the filters; the same ones again load the newest records again. */
  const apply = (next: AuditQuery) => {
    if (listSearchOf('list-audit-records', next) === search) audit.reload();
    else setQuery(next);
  };

  const exact = exactTimesOf(query);
  const chips = (['from', 'to'] as const).flatMap((key): FilterChip[] => {
    const at = exact[key];
    if (at === undefined) return [];
    const text = t(`audit.filter.chip.${key}`, { time: formatAuditTime(at, i18n.language) });
    return [{ key, text, removeLabel: t('audit.filter.removeChip', { filter: text }) }];
  });

  let body;
  if (audit.loading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (audit.error !== null) {
    body = (
      <RetryAlert
        message={t(failureOf(audit.error))}
        retryLabel={t('audit.retry')}
        onRetry={audit.retry}
      />
    );
  } else if (audit.records.length === 0) {
    body = (
      <p className="alert alert-secondary" role="status">
        {audit.hasNext ? t('audit.noneYet') : t('audit.empty')}
      </p>
    );
  } else {
    body = <AuditTable key={audit.records[0]?.seq} records={audit.records} />;
  }

  return (
    <>
      <ScreenIntro heading={t('audit.heading')} description={t('audit.description')} />
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {reach === 'everything' && <VerifyChain />}
        <CsvExportButton run={() => callApi('export-audit-records', audit.query)} />
      </div>
      {reach === 'organisation' && (
        <p className="small text-body-secondary">{t('audit.scopedNote')}</p>
      )}
      {/* The fields start again from the address whenever it changes (applied, cleared, a chip). */}
      <AuditFilters key={search} query={query} onSearch={apply} busy={audit.loading} />
      <FilterChips
        label={t('audit.filter.linkedFilters')}
        chips={chips}
        onRemove={(key) => {
          setQuery({ ...query, [key]: undefined });
        }}
      />
      {!audit.loading &&
        audit.error === null &&
        audit.total !== null &&
        audit.records.length > 0 && (
          <p className="text-body-secondary small">
            {t('audit.showing', { count: audit.records.length, total: audit.total })}
          </p>
        )}
      {body}
      <Pager label={t('audit.paging')} pages={audit} />
    </>
  );
};
