import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { formatDisplayDate } from '../../../lib/dates';
import { settledError } from '../../../lib/query-state';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { distributionKeys } from '../api/keys';
import { CreateDistributionDialog } from './create-distribution-dialog';
import { ScrollRegion } from '../../../components/scroll-region';

/** Who may start one: a sponsor's OrgAdmin or a PlatformAdmin (the server checks the sponsor). */
const mayCreate = (role: string | null | undefined) =>
  role === 'PlatformAdmin' || role === 'OrgAdmin';

/**
 * /admin/distributions (issue 35 part D): the safety-letter distributions within reach, newest
 * first — a sponsor's own with every site, a site's with its own sites — each with how many sites
 * acknowledged and how many are overdue, a link to its tracking; "New distribution" for those who
 * may send one.
 */
export const DistributionListPage = () => {
  const { t, i18n } = useTranslation();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: distributionKeys.list(cursor),
    queryFn: () => callApi('distributions/list', cursor === undefined ? {} : { cursor }),
  });
  const error = settledError(list);
  const nextCursor = list.data?.nextCursor ?? null;

  return (
    <>
      <ScreenIntro
        heading={t('distributions.list.heading')}
        description={t('distributions.list.description')}
      />
      {mayCreate(getProfile()?.role) && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setCreating(true);
            }}
          >
            {t('distributions.list.new')}
          </button>
        </div>
      )}
      {creating && (
        <CreateDistributionDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {error !== null && error !== undefined ? (
        <RetryAlert
          message={messageOfError(error, t('distributions.list.loadFailed'))}
          retryLabel={t('distributions.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <LoadingIndicator />
      ) : (list.data?.distributions.length ?? 0) === 0 ? (
        <p className="alert alert-secondary" role="status">
          {t('distributions.list.none')}
        </p>
      ) : (
        <ScrollRegion label={t('distributions.list.caption')}>
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">{t('distributions.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('distributions.field.title')}</th>
                <th scope="col">{t('distributions.field.study')}</th>
                <th scope="col">{t('distributions.field.sponsor')}</th>
                <th scope="col">{t('distributions.field.sent')}</th>
                <th scope="col">{t('distributions.field.due')}</th>
                <th scope="col">{t('distributions.field.acknowledged')}</th>
                <th scope="col">{t('distributions.field.overdue')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.distributions.map((d) => (
                <tr key={d.distributionId} data-testid={`distribution-row-${d.distributionId}`}>
                  <td>
                    <Link
                      to={`${paths.admin.distribution}?distributionId=${encodeURIComponent(d.distributionId)}`}
                    >
                      {d.title}
                    </Link>
                  </td>
                  <td>{d.protocolNumber}</td>
                  <td>{d.sponsorName}</td>
                  <td className="text-nowrap">{formatDisplayDate(d.createdAt, i18n.language)}</td>
                  <td className="text-nowrap">{formatDisplayDate(d.dueAt, i18n.language)}</td>
                  <td>
                    {t('distributions.list.acknowledgedOf', {
                      acknowledged: d.counts.acknowledged,
                      count: d.counts.sites,
                    })}
                  </td>
                  <td>
                    {d.counts.overdue > 0 ? (
                      <span className="badge text-bg-danger">{d.counts.overdue}</span>
                    ) : (
                      '0'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav aria-label={t('distributions.list.paging')} className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={cursors.length === 1}
          onClick={() => {
            setCursors(cursors.slice(0, -1));
          }}
        >
          {t('distributions.list.previous')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={nextCursor === null}
          onClick={() => {
            if (nextCursor !== null) setCursors([...cursors, nextCursor]);
          }}
        >
          {t('distributions.list.next')}
        </button>
      </nav>
    </>
  );
};
