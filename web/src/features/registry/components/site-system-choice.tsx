import type { OrgSystem } from '@ccsc/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { registryPaths } from '../../../config/registry-paths';

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
export const SiteSystemChoice = ({
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
