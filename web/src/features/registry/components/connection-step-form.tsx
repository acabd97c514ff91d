import type { Connection } from '@ccsc/contract';
import type { ConnectionAction } from '@ccsc/contract/registry-access';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedOf } from '../../../lib/query-state';
import { siteSystemsQuery } from '../api/site-systems';
import type { useConnectionStep } from '../hooks/use-connection-step';
import { WITH_REASON } from '../utils/connection-steps';
import { SiteSystemChoice } from './site-system-choice';

interface ConnectionStepFormProps {
  connection: Connection;
  action: ConnectionAction;
  step: ReturnType<typeof useConnectionStep>;
}

/**
 * The chosen step's form: what it does, the site's system to exchange with (Accept), the reason
 * (decline, suspend, end), the warning that ending is final, and Confirm or Back.
 */
export const ConnectionStepForm = ({ connection, action, step }: ConnectionStepFormProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const { saving } = step;
  const siteOrganisationId = action === 'accept' ? connection.siteOrganisationId : null;
  const siteSystems = loadedOf(useQuery(siteSystemsQuery(siteOrganisationId)));
  return (
    <form
      noValidate
      className="border rounded p-3"
      aria-label={t(`registry.connections.steps.${action}`)}
      onSubmit={(e) => {
        e.preventDefault();
        step.submit();
      }}
    >
      <h3 className="h6">{t(`registry.connections.steps.${action}`)}</h3>
      <p>{t(`registry.connections.explain.${action}`)}</p>
      {action === 'accept' && (
        <SiteSystemChoice
          loading={siteSystems.loading}
          failed={siteSystems.error !== null}
          systems={siteSystems.value ?? []}
          value={step.siteSystemId}
          problem={step.siteSystemProblem}
          siteOrganisationId={connection.siteOrganisationId}
          onChange={step.setSiteSystem}
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
            className={`form-control${step.reasonInvalid ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={500}
            value={step.reason}
            aria-invalid={step.reasonInvalid ? true : undefined}
            onChange={(e) => {
              step.setReason(e.target.value);
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
            step.choose(null);
          }}
        >
          {t('registry.back')}
        </button>
      </div>
    </form>
  );
};
