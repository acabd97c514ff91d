import { useQuery } from '@tanstack/react-query';
import { type Connection, type OrgSystem, reasonSchema } from '@ccsc/contract';
import {
  type ConnectionAction,
  mayStep,
  type RegistryActor,
  stepFits,
} from '@ccsc/contract/registry-access';
import { type ReactNode, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { registryPaths } from '../../../config/registry-paths';
import { callApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { useCountries } from '../hooks/use-countries';
import { loadedOf } from '../../../lib/query-state';
import { siteSystemsQuery } from '../api/site-systems';
import { ConnectionStatusBadge } from './registry-badges';

const ACTIONS: readonly ConnectionAction[] = ['accept', 'decline', 'suspend', 'resume', 'end'];
const OPERATION = {
  accept: 'accept-connection',
  decline: 'decline-connection',
  suspend: 'suspend-connection',
  resume: 'resume-connection',
  end: 'end-connection',
} as const;
/** The steps that take a reason (optional, kept in the history). */
const WITH_REASON: readonly ConnectionAction[] = ['decline', 'suspend', 'end'];

/** The actions the caller may take on the connection as it stands (the registry's rule). */
export const connectionActions = (
  actor: RegistryActor,
  connection: Connection,
): ConnectionAction[] =>
  ACTIONS.filter((a) => mayStep(actor, a, connection) && stepFits(a, connection.status));

interface ConnectionDialogProps {
  connection: Connection;
  actor: RegistryActor;
  /** Open with this action's form (e.g. Accept from the pending invitations). */
  initialAction?: ConnectionAction | null;
  onClose: () => void;
  /** The step was taken: the connection as it is now. */
  onStepped: (connection: Connection, action: ConnectionAction) => void;
  /** A 409: whether someone changed the connection meanwhile (the screen then says so). */
  wasStale: (connection: Connection) => Promise<boolean>;
}

/**
 * One connection: who exchanges what for which study, its whole history (who, for which side,
 * when, why) and the steps the caller may take now. Ending asks for confirmation: it is final.
 */
export const ConnectionDialog = ({
  connection,
  actor,
  initialAction = null,
  onClose,
  onStepped,
  wasStale,
}: ConnectionDialogProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { nameOf } = useCountries();
  const titleId = useId();
  const allowed = connectionActions(actor, connection);
  const [action, setAction] = useState<ConnectionAction | null>(
    initialAction !== null && allowed.includes(initialAction) ? initialAction : null,
  );
  const [reason, setReason] = useState('');
  const [siteSystemId, setSiteSystemId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const siteOrganisationId = action === 'accept' ? connection.siteOrganisationId : null;
  const siteSystems = loadedOf(useQuery(siteSystemsQuery(siteOrganisationId)));
  const reasonOk = reasonSchema.safeParse(reason).success;
  const systemMissing = action === 'accept' && siteSystemId === '';

  const choose = (next: ConnectionAction | null) => {
    setAction(next);
    setReason('');
    setSiteSystemId('');
    setSubmitted(false);
    setMessage(null);
  };

  const take = async () => {
    if (action === null) return;
    setSubmitted(true);
    if (systemMissing || !reasonOk) return;
    setSaving(true);
    setMessage(null);
    const step = {
      connectionId: connection.connectionId,
      revision: connection.revision,
    };
    const trimmed = reason.trim();
    try {
      const result =
        action === 'accept'
          ? await callApi('accept-connection', { ...step, siteSystemId })
          : await callApi(OPERATION[action], {
              ...step,
              ...(trimmed === '' ? {} : { reason: trimmed }),
            });
      onStepped(result.connection, action);
    } catch (err) {
      if (isConflict(err) && (await wasStale(connection))) return;
      setSaving(false);
      setMessage(messageOfError(err, t('registry.actionFailed')));
    }
  };

  const row = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8">{value}</dd>
    </>
  );

  return (
    <Modal
      show
      onHide={onClose}
      size="lg"
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      aria-labelledby={titleId}
      data-testid="connection-dialog"
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('registry.connections.dialogTitle', {
            protocol: connection.protocolNumber,
            site: connection.siteName,
            number: connection.siteNumber,
          })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
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
        <div className="table-responsive">
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
        </div>

        <MessageArea message={message} />

        {action === null ? (
          allowed.length > 0 && (
            <div
              className="d-flex flex-wrap gap-2"
              role="group"
              aria-label={t('registry.connections.actions')}
            >
              {allowed.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`btn ${a === 'end' || a === 'decline' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
                  onClick={() => {
                    choose(a);
                  }}
                >
                  {t(`registry.connections.steps.${a}`)}
                </button>
              ))}
            </div>
          )
        ) : (
          <form
            noValidate
            className="border rounded p-3"
            aria-label={t(`registry.connections.steps.${action}`)}
            onSubmit={(e) => {
              e.preventDefault();
              if (!saving) void take();
            }}
          >
            <h3 className="h6">{t(`registry.connections.steps.${action}`)}</h3>
            <p>{t(`registry.connections.explain.${action}`)}</p>
            {action === 'accept' && (
              <SiteSystemChoice
                loading={siteSystems.loading}
                failed={siteSystems.error !== null}
                systems={siteSystems.value ?? []}
                value={siteSystemId}
                problem={submitted && systemMissing ? t('registry.validation.required') : null}
                siteOrganisationId={connection.siteOrganisationId}
                onChange={setSiteSystemId}
                onRetry={siteSystems.reload}
              />
            )}
            {WITH_REASON.includes(action) && (
              <div className="mb-3">
                <label className="form-label" htmlFor={`${titleId}-reason`}>
                  {t('registry.connections.reasonOptional')}
                </label>
                <textarea
                  id={`${titleId}-reason`}
                  className={`form-control${reasonOk ? '' : ' is-invalid'}`}
                  rows={2}
                  maxLength={500}
                  value={reason}
                  aria-invalid={reasonOk ? undefined : true}
                  onChange={(e) => {
                    setReason(e.target.value);
                  }}
                />
              </div>
            )}
            {action === 'end' && (
              <div className="alert alert-warning" role="note">
                {t('registry.connections.endFinal')}
              </div>
            )}
            <div className="d-flex gap-2">
              <button
                type="submit"
                className={`btn ${action === 'end' || action === 'decline' ? 'btn-danger' : 'btn-primary'}`}
                disabled={saving}
              >
                {saving ? t('registry.saving') : t(`registry.connections.confirm.${action}`)}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={saving}
                onClick={() => {
                  choose(null);
                }}
              >
                {t('registry.back')}
              </button>
            </div>
          </form>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
};

interface SiteSystemChoiceProps {
  loading: boolean;
  failed: boolean;
  systems: readonly OrgSystem[];
  value: string;
  problem: string | null;
  siteOrganisationId: string;
  onChange: (systemId: string) => void;
  onRetry: () => void;
}

/** Which of the site's active systems exchanges for the connection. */
const SiteSystemChoice = ({
  loading,
  failed,
  systems,
  value,
  problem,
  siteOrganisationId,
  onChange,
  onRetry,
}: SiteSystemChoiceProps) => {
  const { t } = useTranslation();
  const id = useId();
  if (loading) return <p role="status">{t('common.loading')}</p>;
  if (failed) {
    return (
      <RetryAlert
        message={t('registry.connections.systemsFailed')}
        retryLabel={t('registry.retry')}
        onRetry={onRetry}
      />
    );
  }
  if (systems.length === 0) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('registry.connections.noActiveSystem')}{' '}
        <Link to={registryPaths.organisation(siteOrganisationId)}>
          {t('registry.connections.toSite')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('registry.connections.siteSystem')}
      </label>
      <select
        id={id}
        className={`form-select${problem ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        <option value="">{t('registry.choose')}</option>
        {systems.map((s) => (
          <option key={s.systemId} value={s.systemId}>
            {`${s.name} (${t(`registry.systemKinds.${s.kind}`)}, ${t(`registry.environments.${s.environment}`)})`}
          </option>
        ))}
      </select>
      {problem && (
        <div id={`${id}-problem`} className="invalid-feedback">
          {problem}
        </div>
      )}
    </div>
  );
};
