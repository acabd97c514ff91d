import type { Organisation, ResponseOf } from '@ccsc/contract';
import {
  mayAdministerRegistry,
  mayEditOrganisation,
  type RegistryActor,
} from '@ccsc/contract/registry-access';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registryPaths } from '../../../config/registry-paths';
import { formatDisplayDate } from '../../../lib/dates';
import { useCountries } from '../hooks/use-countries';
import { ConnectionStatusBadge } from './registry-badges';
import { SectionTable } from './section-table';

type Detail = ResponseOf<'get-organisation'>;

export const Section = ({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <section className="mt-4" aria-labelledby={id} data-testid={id}>
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <h2 id={id} className="h5 mb-0 me-auto">
        {title}
      </h2>
      {actions}
    </div>
    {children}
  </section>
);

export const DetailsSection = ({
  organisation,
  actor,
  busy,
  onEdit,
  onStatus,
}: {
  organisation: Organisation;
  actor: RegistryActor;
  busy: boolean;
  onEdit: () => void;
  onStatus: (to: 'active' | 'inactive') => void;
}) => {
  const { t, i18n } = useTranslation();
  const { nameOf } = useCountries();
  const language = i18n.resolvedLanguage ?? 'en';
  const active = organisation.status === 'active';
  return (
    <Section
      id="organisation-details"
      title={t('registry.organisations.details')}
      actions={
        <>
          {mayEditOrganisation(actor, organisation.organisationId) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={onEdit}
              disabled={busy}
            >
              {t('registry.organisations.edit')}
            </button>
          )}
          {mayAdministerRegistry(actor) && (
            <button
              type="button"
              className={`btn btn-sm ${active ? 'btn-outline-danger' : 'btn-outline-success'}`}
              disabled={busy}
              onClick={() => {
                onStatus(active ? 'inactive' : 'active');
              }}
            >
              {t(active ? 'registry.organisations.deactivate' : 'registry.organisations.activate')}
            </button>
          )}
        </>
      }
    >
      <dl className="row mb-0">
        <dt className="col-sm-3">{t('registry.organisations.kind')}</dt>
        <dd className="col-sm-9">{t(`registry.kinds.${organisation.kind}`)}</dd>
        <dt className="col-sm-3">{t('registry.country')}</dt>
        <dd className="col-sm-9">{`${nameOf(organisation.country)} (${organisation.country})`}</dd>
        <dt className="col-sm-3">{t('registry.organisations.identifiers')}</dt>
        <dd className="col-sm-9">
          {organisation.identifiers.length === 0 ? (
            '—'
          ) : (
            <ul className="list-unstyled mb-0">
              {organisation.identifiers.map((i) => (
                <li key={`${i.label}:${i.value}`}>{`${i.label}: ${i.value}`}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="col-sm-3">{t('registry.organisations.contactEmailShown')}</dt>
        <dd className="col-sm-9 text-break">{organisation.contactEmail ?? '—'}</dd>
        <dt className="col-sm-3">{t('registry.lastChange')}</dt>
        <dd className="col-sm-9">
          {t('registry.changedBy', {
            by: organisation.updatedBy,
            when: formatDisplayDate(organisation.updatedAt, language),
          })}
        </dd>
      </dl>
    </Section>
  );
};

export const ConnectionsSection = ({
  organisationId,
  connections,
  total,
}: {
  organisationId: string;
  connections: Detail['connections'];
  total: number;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Section
      id="organisation-connections"
      title={t('registry.connections.heading')}
      actions={
        total > 0 && (
          <Link
            className="btn btn-sm btn-outline-secondary"
            to={registryPaths.connectionsOf({ organisationId })}
          >
            {t('registry.connections.showAll', { count: total })}
          </Link>
        )
      }
    >
      <SectionTable
        of="connections"
        rowCount={connections.length}
        columns={[
          ...(['study', 'sponsor', 'site'] as const).map((key) => t(`registry.connections.${key}`)),
          t('registry.statusLabel'),
          t('registry.lastChange'),
        ]}
      >
        {connections.map((c) => (
          <tr
            key={c.connectionId}
            data-testid={`org-connection-row-${c.protocolNumber}-${c.siteNumber}`}
          >
            <td>
              <Link to={registryPaths.connectionsOf({ studyId: c.studyId })}>
                {c.protocolNumber}
              </Link>
              <div className="small text-body-secondary">{c.studyTitle}</div>
            </td>
            <td>{c.sponsorName}</td>
            <td>
              {t('registry.connections.siteWithNumber', {
                site: c.siteName,
                number: c.siteNumber,
              })}
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
      </SectionTable>
    </Section>
  );
};
