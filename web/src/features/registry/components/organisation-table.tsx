import type { Organisation } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registryPaths } from '../../../config/registry-paths';
import { useCountries } from '../hooks/use-countries';
import { RegistryStatusBadge } from './registry-badges';

interface OrganisationTableProps {
  organisations: readonly Organisation[];
  loading: boolean;
}

/** The organisation list: each name links to its detail page. */
export const OrganisationTable = ({ organisations, loading }: OrganisationTableProps) => {
  const { t } = useTranslation();
  const { nameOf } = useCountries();
  return (
    <div className="table-responsive">
      <table
        className={`table table-hover align-middle${loading ? ' opacity-50' : ''}`}
        aria-label={t('registry.organisations.tableCaption')}
        aria-busy={loading}
      >
        <thead>
          <tr>
            <th scope="col">{t('registry.organisations.name')}</th>
            <th scope="col">{t('registry.organisations.kind')}</th>
            <th scope="col">{t('registry.country')}</th>
            <th scope="col">{t('registry.organisations.identifiers')}</th>
            <th scope="col">{t('registry.statusLabel')}</th>
          </tr>
        </thead>
        <tbody>
          {organisations.map((o) => (
            <tr key={o.organisationId} data-testid={`organisation-row-${o.name}`}>
              <td>
                <Link to={registryPaths.organisation(o.organisationId)}>{o.name}</Link>
              </td>
              <td>{t(`registry.kinds.${o.kind}`)}</td>
              <td>
                <abbr title={o.country} className="text-decoration-none">
                  {nameOf(o.country)}
                </abbr>
              </td>
              <td className="small">
                {o.identifiers.length === 0
                  ? '—'
                  : o.identifiers.map((i) => `${i.label}: ${i.value}`).join(' · ')}
              </td>
              <td>
                <RegistryStatusBadge status={o.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
