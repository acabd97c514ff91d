import type { Organisation } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
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
    <ListTable
      label={t('registry.organisations.tableCaption')}
      loading={loading}
      columns={[
        t('registry.organisations.name'),
        t('registry.organisations.kind'),
        t('registry.country'),
        t('registry.organisations.identifiers'),
        t('registry.statusLabel'),
      ]}
    >
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
    </ListTable>
  );
};
