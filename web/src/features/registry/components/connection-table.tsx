import type { Connection } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { formatDisplayDate } from '../../../lib/dates';
import { useCountries } from '../hooks/use-countries';
import { ConnectionStatusBadge } from './registry-badges';

interface ConnectionTableProps {
  connections: readonly Connection[];
  loading: boolean;
  onOpen: (connection: Connection) => void;
}

/** The connection list; each row opens the connection (its history and what may be done). */
export const ConnectionTable = ({ connections, loading, onOpen }: ConnectionTableProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { nameOf } = useCountries();
  return (
    <ListTable
      label={t('registry.connections.tableCaption')}
      loading={loading}
      columns={[
        t('registry.connections.study'),
        t('registry.connections.sponsor'),
        t('registry.connections.site'),
        t('registry.country'),
        t('registry.connections.investigator'),
        t('registry.connections.systems'),
        t('registry.statusLabel'),
        t('registry.lastChange'),
      ]}
    >
      {connections.map((c) => (
        <tr
          key={c.connectionId}
          data-testid={`connection-row-${c.protocolNumber}-${c.siteNumber}`}
          style={{ cursor: 'pointer' }}
          onClick={() => {
            onOpen(c);
          }}
        >
          <td>
            <button
              type="button"
              className="btn btn-link p-0 text-start"
              aria-label={t('registry.connections.open', {
                protocol: c.protocolNumber,
                site: c.siteName,
                number: c.siteNumber,
              })}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(c);
              }}
            >
              {c.protocolNumber}
            </button>
            <div className="small text-body-secondary">{c.studyTitle}</div>
          </td>
          <td>{c.sponsorName}</td>
          <td>
            {c.siteName}
            <div className="small text-body-secondary">
              {t('registry.connections.siteNumberShort', { number: c.siteNumber })}
            </div>
          </td>
          <td>
            <abbr title={c.country} className="text-decoration-none">
              {nameOf(c.country)}
            </abbr>
          </td>
          <td>{c.principalInvestigator}</td>
          <td className="small">
            {c.sponsorSystemName}
            {' ⇄ '}
            {c.siteSystemName ?? t('registry.connections.noSiteSystem')}
          </td>
          <td>
            <ConnectionStatusBadge status={c.status} />
          </td>
          <td className="small">
            {t('registry.changedBy', {
              by: c.updatedBy,
              when: formatDisplayDate(c.updatedAt, language),
            })}
          </td>
        </tr>
      ))}
    </ListTable>
  );
};
