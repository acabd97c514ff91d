import type { OrgSystem, ResponseOf, Study } from '@ccsc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mayAdministerRegistry } from '@ccsc/contract/registry-access';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { registryPaths } from '../../../config/registry-paths';
import { callApi, isRefusal } from '../../../lib/api';
import { loadedOf } from '../../../lib/query-state';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { registryKeys } from '../api/keys';
import { registryActor } from '../utils/registry-actor';
import { OrganisationFormDialog } from './organisation-form-dialog';
import type { RegisteredState } from './organisation-list-page';
import { RegistryStatusBadge } from './registry-badges';
import { StudyFormDialog } from './study-form-dialog';
import { SystemFormDialog } from './system-form-dialog';
import { ConnectionsSection, DetailsSection } from './organisation-sections';
import { StudiesSection, SystemsSection } from './organisation-record-sections';

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
