import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Pager } from '../../../components/pager';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { CsvExportButton } from '../../../components/csv-export-button';
import { ApiError, callApi } from '../../../lib/api';
import { reachOf } from '../../../lib/reach';
import { getProfile } from '../../../lib/session';
import { useAuditRecords } from '../hooks/use-audit-records';
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
 * of every organisation) is offered to verify it (issue 12).
 */
export const AuditTrailPage = () => {
  const { t } = useTranslation();
  const audit = useAuditRecords();
  const reach = reachOf(getProfile()).kind;

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
      <AuditFilters onSearch={audit.search} busy={audit.loading} />
      {body}
      <Pager label={t('audit.paging')} pages={audit} />
    </>
  );
};
