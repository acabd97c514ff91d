import { distributionIdSchema } from '@ccsc/contract/distributions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { ScrollRegion } from '../../../components/scroll-region';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { settledError } from '../../../lib/query-state';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { distributionKeys } from '../api/keys';
import { SiteStateBadge } from './site-state-badge';

const BackLink = () => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('distributions.detail.breadcrumb')} className="small mb-2">
      <Link to={paths.admin.distributions}>{t('distributions.detail.back')}</Link>
    </nav>
  );
};

/**
 * /admin/distributions/view?distributionId=… (issue 35 part D): one distribution's tracking per
 * site — delivered, acknowledged by whom and when, overdue, reminders — with its CSV (inspection
 * evidence), and for a site's OrgAdmin whose sites have not all acknowledged, Acknowledge.
 */
export const DistributionPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const distributionId = params.get('distributionId')?.trim() ?? '';
  if (!distributionIdSchema.safeParse(distributionId).success) {
    return (
      <>
        <BackLink />
        <ScreenIntro
          heading={t('distributions.detail.heading')}
          description={t('distributions.detail.description')}
        />
        <p className="alert alert-secondary" role="status">
          {t('distributions.detail.badId')}
        </p>
      </>
    );
  }
  return <Tracking key={distributionId} distributionId={distributionId} />;
};

const Tracking = ({ distributionId }: { distributionId: string }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const profile = getProfile();
  const one = useQuery({
    queryKey: distributionKeys.one(distributionId),
    queryFn: () => callApi('distributions/get', { distributionId }),
  });
  const acknowledge = useMutation({
    mutationFn: () => callApi('distributions/acknowledge', { distributionId }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(distributionKeys.one(distributionId), answer);
      await queryClient.invalidateQueries({ queryKey: distributionKeys.lists() });
    },
  });
  const error = settledError(one);
  const d = one.data?.distribution;
  // A site's OrgAdmin acknowledges for its sites (the server answers it only its own).
  const mayAcknowledge =
    d !== undefined &&
    profile?.role === 'OrgAdmin' &&
    profile.organisationId !== d.sponsorOrganisationId &&
    d.sites.some((s) => s.state !== 'acknowledged' && s.deliveredAt !== null);

  return (
    <>
      <BackLink />
      <ScreenIntro
        heading={d?.title ?? t('distributions.detail.heading')}
        description={t('distributions.detail.description')}
      />
      {error !== null && error !== undefined ? (
        <RetryAlert
          message={messageOfError(error, t('distributions.detail.loadFailed'))}
          retryLabel={t('distributions.retry')}
          onRetry={() => void one.refetch()}
        />
      ) : d === undefined ? (
        <LoadingIndicator />
      ) : (
        <>
          <dl className="row small mb-3">
            <dt className="col-sm-3">{t('distributions.field.study')}</dt>
            <dd className="col-sm-9">{d.protocolNumber}</dd>
            <dt className="col-sm-3">{t('distributions.field.sponsor')}</dt>
            <dd className="col-sm-9">{d.sponsorName}</dd>
            <dt className="col-sm-3">{t('distributions.field.file')}</dt>
            <dd className="col-sm-9 text-break">{d.fileName}</dd>
            <dt className="col-sm-3">{t('distributions.field.sent')}</dt>
            <dd className="col-sm-9">
              {t('distributions.detail.sentBy', {
                when: formatDateTime(d.createdAt, i18n.language),
                who: d.createdBy,
              })}
            </dd>
            <dt className="col-sm-3">{t('distributions.field.due')}</dt>
            <dd className="col-sm-9">
              {t('distributions.detail.dueIn', {
                date: formatDisplayDate(d.dueAt, i18n.language),
                count: d.overdueDays,
              })}
            </dd>
            <dt className="col-sm-3">{t('distributions.field.acknowledged')}</dt>
            <dd className="col-sm-9">
              {t('distributions.list.acknowledgedOf', {
                acknowledged: d.counts.acknowledged,
                count: d.counts.sites,
              })}
            </dd>
          </dl>
          <div className="d-flex flex-wrap gap-2 align-items-start mb-3">
            {mayAcknowledge && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={acknowledge.isPending}
                onClick={() => {
                  acknowledge.mutate();
                }}
              >
                {acknowledge.isPending
                  ? t('distributions.detail.acknowledging')
                  : t('distributions.detail.acknowledge')}
              </button>
            )}
            <CsvExportButton run={() => callApi('distributions/export', { distributionId })} />
          </div>
          <div aria-live="polite">
            {acknowledge.isError && (
              <p className="alert alert-danger" role="alert">
                {messageOfError(acknowledge.error, t('distributions.detail.acknowledgeFailed'))}
              </p>
            )}
            {acknowledge.isSuccess && (
              <p className="alert alert-success">{t('distributions.detail.acknowledged')}</p>
            )}
          </div>
          <ScrollRegion label={t('distributions.detail.sites')}>
            <table className="table table-sm align-middle">
              <caption className="caption-top">{t('distributions.detail.sites')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('distributions.field.siteNumber')}</th>
                  <th scope="col">{t('distributions.field.siteName')}</th>
                  <th scope="col">{t('distributions.field.state')}</th>
                  <th scope="col">{t('distributions.field.deliveredAt')}</th>
                  <th scope="col">{t('distributions.field.acknowledgedAt')}</th>
                  <th scope="col">{t('distributions.field.acknowledgedBy')}</th>
                  <th scope="col">{t('distributions.field.reminders')}</th>
                </tr>
              </thead>
              <tbody>
                {d.sites.map((s) => (
                  <tr key={s.connectionId} data-testid={`site-row-${s.siteNumber}`}>
                    <td>{s.siteNumber}</td>
                    <td>{s.siteName}</td>
                    <td>
                      <SiteStateBadge state={s.state} />
                    </td>
                    <td>
                      {s.deliveredAt === null ? '—' : formatDateTime(s.deliveredAt, i18n.language)}
                    </td>
                    <td>
                      {s.acknowledgedAt === null
                        ? '—'
                        : formatDateTime(s.acknowledgedAt, i18n.language)}
                    </td>
                    <td className="text-break">{s.acknowledgedBy ?? '—'}</td>
                    <td>
                      {s.reminders.length === 0
                        ? '0'
                        : t('distributions.detail.remindersSent', {
                            count: s.reminders.length,
                            last: formatDateTime(s.reminders.at(-1) ?? '', i18n.language),
                          })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </>
  );
};
