import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { standardPaths } from '../../../config/standard-paths';
import { formatDateTime } from '../../../lib/dates';
import type { StandardSummary } from '../utils/standard-types';
import { StandardStatusBadge } from './standard-badges';

interface StandardTableProps {
  standards: readonly StandardSummary[];
  loading: boolean;
}

/** The standards: a click on a row (or its name, a link) opens the editor. */
export const StandardTable = ({ standards, loading }: StandardTableProps) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <ListTable
      label={t('standards.list.tableCaption')}
      loading={loading}
      columns={[
        t('standards.list.name'),
        t('standards.list.organisation'),
        t('standards.list.systems'),
        t('standards.list.latest'),
        t('standards.list.inUse'),
        { label: t('standards.list.rows'), className: 'text-end' },
        t('standards.list.updated'),
      ]}
    >
      {standards.map((s) => (
        <tr
          key={s.standardId}
          data-testid={`standard-row-${s.name}`}
          style={{ cursor: 'pointer' }}
          onClick={(e) => {
            // The name is a link of its own; a click elsewhere on the row opens it too.
            if ((e.target as HTMLElement).closest('a') === null) {
              void navigate(standardPaths.editor(s.standardId));
            }
          }}
        >
          <td>
            <Link to={standardPaths.editor(s.standardId)}>{s.name}</Link>
            <div className="small text-body-secondary">
              {t('standards.catalogueName', { version: s.catalogueVersion })}
            </div>
          </td>
          <td>{s.organisationName}</td>
          <td className="small">
            {s.systems.length === 0 ? (
              <span className="text-body-secondary">{t('standards.noSystems')}</span>
            ) : (
              s.systems.map((system) => <div key={system.systemId}>{system.name}</div>)
            )}
            {s.product !== null && (
              <div className="text-body-secondary">
                {t('standards.productIs', { product: s.product })}
              </div>
            )}
          </td>
          <td>
            <span className="me-2">{t('standards.versionN', { version: s.latestVersion })}</span>
            <StandardStatusBadge status={s.latestStatus} />
            {s.draftVersion !== null && s.draftVersion !== s.latestVersion && (
              <div className="small text-body-secondary">
                {t('standards.list.draftToo', { version: s.draftVersion })}
              </div>
            )}
          </td>
          <td>
            {s.publishedVersion === null ? (
              <span className="text-body-secondary">{t('standards.list.noneInUse')}</span>
            ) : (
              t('standards.versionN', { version: s.publishedVersion })
            )}
          </td>
          <td className="text-end">{s.rowCount.toLocaleString(language)}</td>
          <td className="small">
            {formatDateTime(s.updatedAt, language)}
            <div className="text-body-secondary">{s.updatedBy}</div>
          </td>
        </tr>
      ))}
    </ListTable>
  );
};
