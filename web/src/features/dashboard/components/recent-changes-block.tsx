import type { RecentChanges } from '@ccsc/contract/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefOf } from '../../../config/list-links';
import { formatDateTime } from '../../../lib/dates';
import { useDashboardBlock } from '../hooks/use-dashboard-block';
import { targetLinkOf } from '../utils/dashboard-format';
import { DashboardCard } from './dashboard-card';
import { ScrollRegion } from '../../../components/scroll-region';
import { AuditAction } from '../../../components/audit-action';

type ChangeRecord = RecentChanges['records'][number];

/** The record's target: a link to the audit trail filtered by it, where the filter takes its id. */
const Target = ({ target }: { target: ChangeRecord['target'] }) => {
  if (target === null) return <>—</>;
  const link = targetLinkOf(target);
  const label = target.label ?? target.id;
  return link === null ? <>{label}</> : <Link to={hrefOf(link)}>{label}</Link>;
};

const ChangesTable = ({ value }: { value: RecentChanges }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (value.records.length === 0) {
    return <p className="mb-2">{t('dashboard.changes.empty')}</p>;
  }
  return (
    <ScrollRegion label={t('dashboard.changes.caption')}>
      <table className="table table-sm align-middle mb-2">
        <caption className="visually-hidden">{t('dashboard.changes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.changes.time')}</th>
            <th scope="col">{t('dashboard.changes.actor')}</th>
            <th scope="col">{t('dashboard.changes.action')}</th>
            <th scope="col">{t('dashboard.changes.target')}</th>
          </tr>
        </thead>
        <tbody>
          {value.records.map((record) => (
            <tr key={record.seq}>
              <td className="text-nowrap">{formatDateTime(record.at, language)}</td>
              <td className="text-break">
                {record.actor === null
                  ? t('dashboard.changes.system')
                  : (record.actor.email ?? record.actor.sub)}
              </td>
              <td>
                <AuditAction action={record.action} />
              </td>
              <td className="text-break">
                <Target target={record.target} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};

/**
 * The last administrative changes (issue 18), newest first: each target a link to the audit
 * trail filtered by it, and All changes to the whole list.
 */
export const RecentChangesBlock = () => {
  const { t } = useTranslation();
  const block = useDashboardBlock('dashboard/recent-changes');
  return (
    <DashboardCard
      id="dashboard-recent-changes"
      title={t('dashboard.changes.heading')}
      block={block}
      minHeight={200}
      failed={t('dashboard.changes.loadFailed')}
    >
      {(value) => (
        <>
          <ChangesTable value={value} />
          <Link to={hrefOf(value.link)}>{t('dashboard.changes.all')}</Link>
        </>
      )}
    </DashboardCard>
  );
};
