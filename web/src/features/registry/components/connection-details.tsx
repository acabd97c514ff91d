import type { Connection } from '@ccsc/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registryPaths } from '../../../config/registry-paths';
import { formatDateTime } from '../../../lib/dates';
import { useCountries } from '../hooks/use-countries';
import { ConnectionStatusBadge } from './registry-badges';
import { ScrollRegion } from '../../../components/scroll-region';

const row = (label: string, value: ReactNode) => (
  <>
    <dt className="col-sm-4">{label}</dt>
    <dd className="col-sm-8">{value}</dd>
  </>
);

/**
 * What a connection is: who exchanges what for which study, its status, and its whole history
 * (who, for which side, when, why).
 */
export const ConnectionDetails = ({ connection }: { connection: Connection }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { nameOf } = useCountries();
  return (
    <>
      <dl className="row">
        {row(
          t('registry.connections.study'),
          `${connection.protocolNumber} — ${connection.studyTitle}`,
        )}
        {row(
          t('registry.connections.sponsor'),
          <Link to={registryPaths.organisation(connection.sponsorOrganisationId)}>
            {connection.sponsorName}
          </Link>,
        )}
        {row(
          t('registry.connections.site'),
          <Link to={registryPaths.organisation(connection.siteOrganisationId)}>
            {t('registry.connections.siteWithNumber', {
              site: connection.siteName,
              number: connection.siteNumber,
            })}
          </Link>,
        )}
        {row(t('registry.country'), `${nameOf(connection.country)} (${connection.country})`)}
        {row(t('registry.connections.investigator'), connection.principalInvestigator)}
        {row(t('registry.connections.sponsorSystem'), connection.sponsorSystemName)}
        {row(
          t('registry.connections.siteSystem'),
          connection.siteSystemName ?? t('registry.connections.noSiteSystem'),
        )}
        {row(
          t('registry.statusLabel'),
          <>
            <ConnectionStatusBadge status={connection.status} />
            {connection.status === 'suspended' && connection.suspendedBy && (
              <span className="ms-2 small">
                {t(`registry.connections.suspendedBy.${connection.suspendedBy}`)}
              </span>
            )}
          </>,
        )}
      </dl>

      <h3 className="h6">{t('registry.connections.history')}</h3>
      <ScrollRegion label={t('registry.connections.history')}>
        <table className="table table-sm" data-testid="connection-history">
          <caption className="visually-hidden">{t('registry.connections.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('registry.connections.when')}</th>
              <th scope="col">{t('registry.statusLabel')}</th>
              <th scope="col">{t('registry.connections.by')}</th>
              <th scope="col">{t('registry.connections.side')}</th>
              <th scope="col">{t('registry.connections.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {connection.history.map((event, i) => (
              <tr key={`${event.at}-${String(i)}`}>
                <td className="text-nowrap">{formatDateTime(event.at, language)}</td>
                <td>{t(`registry.connectionStatus.${event.status}`)}</td>
                <td className="text-break">{event.by}</td>
                <td>{t(`registry.sides.${event.side}`)}</td>
                <td>{event.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
};
