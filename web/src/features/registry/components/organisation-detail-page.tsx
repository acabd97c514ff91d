import type { Organisation, OrgSystem, ResponseOf, Study } from '@ccsc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mayAdministerRegistry,
  mayEditOrganisation,
  mayManageStudies,
  mayManageSystems,
  type RegistryActor,
  STUDY_TRANSITIONS,
} from '@ccsc/contract/registry-access';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { CsvExportButton } from '../../../components/csv-export-button';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { registryPaths } from '../../../config/registry-paths';
import { callApi, isRefusal } from '../../../lib/api';
import { formatDisplayDate } from '../../../lib/dates';
import { loadedOf } from '../../../lib/query-state';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useCountries } from '../hooks/use-countries';
import { registryKeys } from '../api/keys';
import { registryActor } from '../utils/registry-actor';
import { OrganisationFormDialog } from './organisation-form-dialog';
import type { RegisteredState } from './organisation-list-page';
import { ConnectionStatusBadge, RegistryStatusBadge, StudyStatusBadge } from './registry-badges';
import { StudyFormDialog } from './study-form-dialog';
import { SystemFormDialog } from './system-form-dialog';

type Detail = ResponseOf<'get-organisation'>;

const loadOrganisation = (organisationId: string) =>
  callApi('get-organisation', { organisationId });

/** A record as a change names it: which one, at which revision. */
interface Sent {
  find: (detail: Detail) => { revision: number } | undefined;
  revision: number;
}

type Dialog =
  | { kind: 'edit' }
  | { kind: 'system'; system: OrgSystem | null }
  | { kind: 'study'; study: Study | null }
  | { kind: 'confirm'; title: string; body: string; confirmLabel: string; run: () => void }
  | null;

/**
 * One organisation (issue 14, /admin/organisations/:organisationId): its details, its systems,
 * its studies and its connections, with what the caller may change (the registry's rule,
 * @ccsc/contract/registry-access).
 */
export const OrganisationDetailPage = ({ organisationId }: { organisationId: string }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = loadedOf(
    useQuery({
      queryKey: registryKeys.organisation(organisationId),
      queryFn: () => loadOrganisation(organisationId),
    }),
  );
  /** After a change: this organisation and every registry list that shows it load again. */
  const changed = () => {
    void client.invalidateQueries({ queryKey: registryKeys.all });
  };
  const write = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: changed,
  });
  const actor = registryActor(getProfile());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const registered = (location.state as RegisteredState | null)?.registered;
    return registered
      ? { kind: 'success', text: t('registry.organisations.registered', { name: registered }) }
      : null;
  });

  // The message of a registration is shown once: a reload does not repeat it.
  const cameWithState = location.state !== null;
  const { pathname } = location;
  useEffect(() => {
    if (cameWithState) void navigate(pathname, { replace: true, state: null });
  }, [cameWithState, pathname, navigate]);

  /**
   * After a 409: loads the organisation again and tells whether the record the change named is
   * at another revision now (someone changed it meanwhile: said, and the screen shows it as it
   * is); false for any other conflict (in use, taken), whose message the caller shows.
   */
  const wasStale = async (sent: Sent): Promise<boolean> => {
    try {
      const fresh = await loadOrganisation(organisationId);
      client.setQueryData(registryKeys.organisation(organisationId), fresh);
      if (sent.find(fresh)?.revision === sent.revision) return false;
    } catch {
      detail.reload();
    }
    setDialog(null);
    setNotice({ kind: 'warning', text: t('registry.changedMeanwhile') });
    return true;
  };

  const act = async (done: string, call: () => Promise<unknown>, sent: Sent) => {
    setBusy(true);
    setNotice(null);
    try {
      await write.mutateAsync(call);
      setNotice({ kind: 'success', text: done });
    } catch (err) {
      if (isConflict(err) && (await wasStale(sent))) return;
      setNotice({ kind: 'danger', text: messageOfError(err, t('registry.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const saved = (text: string) => {
    setDialog(null);
    setNotice({ kind: 'success', text });
    changed();
  };

  if (detail.value === null) {
    if (detail.error !== null) {
      const missing = isRefusal(detail.error) && detail.error.status === 404;
      return (
        <>
          <h1 className="h3 mb-3">{t('registry.organisations.detailHeading')}</h1>
          <RetryAlert
            message={
              missing
                ? t('registry.organisations.notFound')
                : messageOfError(detail.error, t('registry.organisations.detailFailed'))
            }
            retryLabel={t('registry.retry')}
            onRetry={missing ? undefined : detail.reload}
          />
          <Link to={registryPaths.organisations}>{t('registry.organisations.backToList')}</Link>
        </>
      );
    }
    return <LoadingIndicator className="my-4" />;
  }

  const { organisation, systems, studies, connections, connectionTotal } = detail.value;
  const organisationSent: Sent = {
    find: (d) => d.organisation,
    revision: organisation.revision,
  };
  const systemSent = (s: OrgSystem): Sent => ({
    find: (d) => d.systems.find((x) => x.systemId === s.systemId),
    revision: s.revision,
  });
  const studySent = (s: Study): Sent => ({
    find: (d) => d.studies.find((x) => x.studyId === s.studyId),
    revision: s.revision,
  });

  const setOrganisationStatus = (to: 'active' | 'inactive') => {
    const call = () =>
      callApi(to === 'active' ? 'activate-organisation' : 'deactivate-organisation', {
        organisationId: organisation.organisationId,
        revision: organisation.revision,
      });
    const done = t(`registry.organisations.done.${to}`, { name: organisation.name });
    void act(done, call, organisationSent);
  };

  const setSystemStatus = (system: OrgSystem, to: 'active' | 'inactive') => {
    const call = () =>
      callApi(to === 'active' ? 'activate-system' : 'deactivate-system', {
        systemId: system.systemId,
        revision: system.revision,
      });
    void act(t(`registry.systems.done.${to}`, { name: system.name }), call, systemSent(system));
  };

  const moveStudy = (study: Study, to: 'active' | 'closed') => {
    const call = () =>
      callApi('update-study', {
        studyId: study.studyId,
        revision: study.revision,
        changes: { status: to },
      });
    const done = t(`registry.studies.done.${to}`, { protocol: study.protocolNumber });
    void act(done, call, studySent(study));
  };

  const confirm = (title: string, body: string, confirmLabel: string, run: () => void) => {
    setDialog({ kind: 'confirm', title, body, confirmLabel, run });
  };

  return (
    <>
      <p className="mb-2">
        <Link to={registryPaths.organisations}>{t('registry.organisations.backToList')}</Link>
      </p>
      <h1 className="h3 mb-2 d-flex flex-wrap align-items-center gap-2">
        <span>{organisation.name}</span>
        <RegistryStatusBadge status={organisation.status} />
      </h1>
      <p className="text-body-secondary">{t(`registry.kindDescriptions.${organisation.kind}`)}</p>
      <NoticeArea notice={notice} testId="registry-notice" />
      <DetailsSection
        organisation={organisation}
        actor={actor}
        busy={busy}
        onEdit={() => {
          setNotice(null);
          setDialog({ kind: 'edit' });
        }}
        onStatus={(to) => {
          if (to === 'active') {
            setOrganisationStatus('active');
            return;
          }
          confirm(
            t('registry.organisations.deactivateTitle'),
            t('registry.organisations.deactivateBody', { name: organisation.name }),
            t('registry.deactivate'),
            () => {
              setOrganisationStatus('inactive');
            },
          );
        }}
      />
      <SystemsSection
        organisation={organisation}
        systems={systems}
        actor={actor}
        busy={busy}
        onAdd={() => {
          setNotice(null);
          setDialog({ kind: 'system', system: null });
        }}
        onEdit={(system) => {
          setNotice(null);
          setDialog({ kind: 'system', system });
        }}
        onStatus={(system, to) => {
          if (to === 'active') {
            setSystemStatus(system, 'active');
            return;
          }
          confirm(
            t('registry.systems.deactivateTitle'),
            t('registry.systems.deactivateBody', { name: system.name }),
            t('registry.deactivate'),
            () => {
              setSystemStatus(system, 'inactive');
            },
          );
        }}
      />
      <StudiesSection
        organisation={organisation}
        studies={studies}
        actor={actor}
        busy={busy}
        onNew={() => {
          setNotice(null);
          setDialog({ kind: 'study', study: null });
        }}
        onEdit={(study) => {
          setNotice(null);
          setDialog({ kind: 'study', study });
        }}
        onMove={(study, to) => {
          if (to === 'active') {
            moveStudy(study, 'active');
            return;
          }
          confirm(
            t('registry.studies.closeTitle'),
            t('registry.studies.closeBody', { protocol: study.protocolNumber }),
            t('registry.studies.move.closed'),
            () => {
              moveStudy(study, 'closed');
            },
          );
        }}
      />
      <ConnectionsSection
        organisationId={organisation.organisationId}
        connections={connections}
        total={connectionTotal}
      />

      {dialog?.kind === 'edit' && (
        <OrganisationFormDialog
          organisation={organisation}
          mayChangeKind={mayAdministerRegistry(actor)}
          onCancel={() => {
            setDialog(null);
          }}
          onSaved={(o) => {
            saved(t('registry.organisations.done.saved', { name: o.name }));
          }}
          wasStale={() => wasStale(organisationSent)}
        />
      )}
      {dialog?.kind === 'system' && (
        <SystemFormDialog
          organisationId={organisation.organisationId}
          system={dialog.system}
          onCancel={() => {
            setDialog(null);
          }}
          onSaved={(s) => {
            saved(
              t(dialog.system ? 'registry.systems.done.saved' : 'registry.systems.done.added', {
                name: s.name,
              }),
            );
          }}
          wasStale={
            dialog.system ? () => wasStale(systemSent(dialog.system as OrgSystem)) : undefined
          }
        />
      )}
      {dialog?.kind === 'study' && (
        <StudyFormDialog
          sponsorOrganisationId={dialog.study?.sponsorOrganisationId ?? organisation.organisationId}
          study={dialog.study}
          onCancel={() => {
            setDialog(null);
          }}
          onSaved={(s) => {
            saved(
              t(dialog.study ? 'registry.studies.done.saved' : 'registry.studies.done.created', {
                protocol: s.protocolNumber,
              }),
            );
          }}
          wasStale={dialog.study ? () => wasStale(studySent(dialog.study as Study)) : undefined}
        />
      )}
      <AppModal
        show={dialog?.kind === 'confirm'}
        title={dialog?.kind === 'confirm' ? dialog.title : ''}
        confirmLabel={dialog?.kind === 'confirm' ? dialog.confirmLabel : ''}
        onCancel={() => {
          setDialog(null);
        }}
        onConfirm={() => {
          if (dialog?.kind === 'confirm') dialog.run();
          setDialog(null);
        }}
      >
        {dialog?.kind === 'confirm' ? dialog.body : null}
      </AppModal>
    </>
  );
};

const Section = ({
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

const DetailsSection = ({
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

const SystemsSection = ({
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
      {systems.length === 0 ? (
        <p className="text-body-secondary">{t('registry.systems.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" aria-label={t('registry.systems.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('registry.systems.name')}</th>
                <th scope="col">{t('registry.systems.kind')}</th>
                <th scope="col">{t('registry.systems.vendorProduct')}</th>
                <th scope="col">{t('registry.systems.environment')}</th>
                <th scope="col">{t('registry.systems.technicalContactEmail')}</th>
                <th scope="col">{t('registry.statusLabel')}</th>
                {manages && (
                  <th scope="col">
                    <span className="visually-hidden">{t('registry.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {systems.map((s) => (
                <tr key={s.systemId} data-testid={`system-row-${s.name}`}>
                  <td>{s.name}</td>
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
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
};

const StudiesSection = ({
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
      {studies.length === 0 ? (
        <p className="text-body-secondary">{t('registry.studies.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" aria-label={t('registry.studies.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('registry.studies.protocolNumber')}</th>
                <th scope="col">{t('registry.studies.title')}</th>
                <th scope="col">{t('registry.studies.phase')}</th>
                <th scope="col">
                  {organisation.kind === 'cro'
                    ? t('registry.studies.sponsor')
                    : t('registry.studies.cro')}
                </th>
                <th scope="col">{t('registry.statusLabel')}</th>
                {anyManaged && (
                  <th scope="col">
                    <span className="visually-hidden">{t('registry.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
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
                            aria-label={t(
                              `registry.studies.moveNamed.${to as 'active' | 'closed'}`,
                              {
                                protocol: s.protocolNumber,
                              },
                            )}
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
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
};

const ConnectionsSection = ({
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
      {connections.length === 0 ? (
        <p className="text-body-secondary">{t('registry.connections.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" aria-label={t('registry.connections.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('registry.connections.study')}</th>
                <th scope="col">{t('registry.connections.sponsor')}</th>
                <th scope="col">{t('registry.connections.site')}</th>
                <th scope="col">{t('registry.statusLabel')}</th>
                <th scope="col">{t('registry.lastChange')}</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
};
