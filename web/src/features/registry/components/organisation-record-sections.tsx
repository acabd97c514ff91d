import type { Organisation, OrgSystem, Study } from '@ccsc/contract';
import {
  mayManageStudies,
  mayManageSystems,
  type RegistryActor,
  STUDY_TRANSITIONS,
} from '@ccsc/contract/registry-access';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button';
import { registryPaths } from '../../../config/registry-paths';
import { webhookPaths } from '../../../config/webhook-paths';
import { callApi } from '../../../lib/api';
import { RegistryStatusBadge, StudyStatusBadge } from './registry-badges';
import { SectionTable } from './section-table';

import { Section } from './organisation-sections';

/** The columns' headings before the status (and the partner, for a study), under their texts. */
const SYSTEM_COLUMNS = [
  'name',
  'kind',
  'vendorProduct',
  'environment',
  'technicalContactEmail',
] as const;
const STUDY_COLUMNS = ['protocolNumber', 'title', 'phase'] as const;

export const SystemsSection = ({
  organisation,
  systems,
  actor,
  busy,
  onAdd,
  onEdit,
  onStatus,
}: {
  organisation: Organisation;
  systems: readonly OrgSystem[];
  actor: RegistryActor;
  busy: boolean;
  onAdd: () => void;
  onEdit: (system: OrgSystem) => void;
  onStatus: (system: OrgSystem, to: 'active' | 'inactive') => void;
}) => {
  const { t } = useTranslation();
  const manages = mayManageSystems(actor, organisation.organisationId);
  return (
    <Section
      id="organisation-systems"
      title={t('registry.systems.heading')}
      actions={
        <>
          {manages && organisation.status === 'active' && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={onAdd}
              disabled={busy}
            >
              {t('registry.systems.add')}
            </button>
          )}
          <div className="d-flex flex-wrap gap-2">
            <CsvExportButton
              run={() => callApi('export-systems', { organisationId: organisation.organisationId })}
            />
          </div>
        </>
      }
    >
      <SectionTable
        of="systems"
        rowCount={systems.length}
        columns={[
          ...SYSTEM_COLUMNS.map((key) => t(`registry.systems.${key}`)),
          t('registry.statusLabel'),
        ]}
        actions={manages}
      >
        {systems.map((s) => (
          <tr key={s.systemId} data-testid={`system-row-${s.name}`}>
            <td>
              {s.name}
              <div>
                <Link
                  className="small"
                  to={webhookPaths.of(s.systemId)}
                  aria-label={t('registry.systems.webhooksNamed', { name: s.name })}
                >
                  {t('registry.systems.webhooks')}
                </Link>
              </div>
            </td>
            <td>{t(`registry.systemKinds.${s.kind}`)}</td>
            <td>{`${s.vendor} · ${s.product}`}</td>
            <td>{t(`registry.environments.${s.environment}`)}</td>
            <td className="text-break">{s.technicalContactEmail}</td>
            <td>
              <RegistryStatusBadge status={s.status} />
            </td>
            {manages && (
              <td className="text-end text-nowrap">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary me-1"
                  disabled={busy}
                  aria-label={t('registry.systems.editNamed', { name: s.name })}
                  onClick={() => {
                    onEdit(s);
                  }}
                >
                  {t('registry.edit')}
                </button>
                {s.status === 'active' ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={busy}
                    aria-label={t('registry.systems.deactivateNamed', { name: s.name })}
                    onClick={() => {
                      onStatus(s, 'inactive');
                    }}
                  >
                    {t('registry.deactivate')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-success"
                    disabled={busy || organisation.status !== 'active'}
                    aria-label={t('registry.systems.activateNamed', { name: s.name })}
                    onClick={() => {
                      onStatus(s, 'active');
                    }}
                  >
                    {t('registry.activate')}
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </SectionTable>
    </Section>
  );
};

export const StudiesSection = ({
  organisation,
  studies,
  actor,
  busy,
  onNew,
  onEdit,
  onMove,
}: {
  organisation: Organisation;
  studies: readonly Study[];
  actor: RegistryActor;
  busy: boolean;
  onNew: () => void;
  onEdit: (study: Study) => void;
  onMove: (study: Study, to: 'active' | 'closed') => void;
}) => {
  const { t } = useTranslation();
  if (organisation.kind === 'site' && studies.length === 0) return null;
  const managesNew = mayManageStudies(actor, organisation) && organisation.status === 'active';
  const manages = (s: Study) =>
    mayManageStudies(actor, { organisationId: s.sponsorOrganisationId, kind: 'sponsor' });
  const anyManaged = studies.some(manages);
  return (
    <Section
      id="organisation-studies"
      title={t('registry.studies.heading')}
      actions={
        managesNew && (
          <button type="button" className="btn btn-sm btn-primary" onClick={onNew} disabled={busy}>
            {t('registry.studies.new')}
          </button>
        )
      }
    >
      <SectionTable
        of="studies"
        rowCount={studies.length}
        columns={[
          ...STUDY_COLUMNS.map((key) => t(`registry.studies.${key}`)),
          organisation.kind === 'cro' ? t('registry.studies.sponsor') : t('registry.studies.cro'),
          t('registry.statusLabel'),
        ]}
        actions={anyManaged}
      >
        {studies.map((s) => (
          <tr key={s.studyId} data-testid={`study-row-${s.protocolNumber}`}>
            <td>
              <Link to={registryPaths.connectionsOf({ studyId: s.studyId })}>
                {s.protocolNumber}
              </Link>
            </td>
            <td>{s.title}</td>
            <td>{t(`registry.phases.${s.phase}`)}</td>
            <td>{organisation.kind === 'cro' ? s.sponsorName : (s.croName ?? '—')}</td>
            <td>
              <StudyStatusBadge status={s.status} />
            </td>
            {anyManaged && (
              <td className="text-end text-nowrap">
                {manages(s) && s.status !== 'closed' && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary me-1"
                    disabled={busy}
                    aria-label={t('registry.studies.editNamed', {
                      protocol: s.protocolNumber,
                    })}
                    onClick={() => {
                      onEdit(s);
                    }}
                  >
                    {t('registry.edit')}
                  </button>
                )}
                {manages(s) &&
                  (STUDY_TRANSITIONS[s.status] ?? []).map((to) => (
                    <button
                      key={to}
                      type="button"
                      className={`btn btn-sm me-1 ${to === 'closed' ? 'btn-outline-danger' : 'btn-outline-success'}`}
                      disabled={busy}
                      aria-label={t(`registry.studies.moveNamed.${to as 'active' | 'closed'}`, {
                        protocol: s.protocolNumber,
                      })}
                      onClick={() => {
                        onMove(s, to as 'active' | 'closed');
                      }}
                    >
                      {t(`registry.studies.move.${to as 'active' | 'closed'}`)}
                    </button>
                  ))}
              </td>
            )}
          </tr>
        ))}
      </SectionTable>
    </Section>
  );
};
