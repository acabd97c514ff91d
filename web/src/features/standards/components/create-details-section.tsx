import { CATALOGUE_VERSIONS } from '@ccsc/contract/standard-rows';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import type { useCreateDetails } from '../hooks/use-create-details';
import { useOrganisations, useSystems } from '../hooks/use-organisations';
import { DetailsFields } from './details-fields';

interface CreateDetailsSectionProps {
  /** An OrgAdmin's own organisation (shown, not chosen), or null to choose one. */
  fixed: string | null;
  fields: ReturnType<typeof useCreateDetails>;
}

/**
 * The new standard's details: its organisation (an OrgAdmin's own, fixed), the catalogue version,
 * and name, description, systems and product; each problem once the form was sent.
 */
export const CreateDetailsSection = ({ fixed, fields }: CreateDetailsSectionProps) => {
  const { t } = useTranslation();
  const { organisationId, organisationMissing, catalogueVersion } = fields;
  const organisations = useOrganisations(true);
  const systems = useSystems(organisationId === '' ? null : organisationId);
  const ownOrganisation =
    fixed === null || organisations.state !== 'loaded'
      ? null
      : (organisations.value.find((o) => o.organisationId === fixed) ?? null);
  return (
    <section className="card mb-3">
      <div className="card-body row g-3">
        <h2 className="h5 col-12 mb-0">{t('standards.create.detailsHeading')}</h2>
        <div className="col-md-6">
          <label className="form-label" htmlFor="create-organisation">
            {t('standards.form.organisation')}
          </label>
          {fixed !== null ? (
            <input
              id="create-organisation"
              className="form-control"
              readOnly
              value={ownOrganisation?.name ?? fixed}
              aria-describedby="create-organisation-help"
            />
          ) : (
            <select
              id="create-organisation"
              className={`form-select${organisationMissing ? ' is-invalid' : ''}`}
              value={organisationId}
              disabled={organisations.state !== 'loaded'}
              aria-invalid={organisationMissing ? true : undefined}
              aria-describedby="create-organisation-help"
              onChange={(e) => {
                fields.setOrganisation(e.target.value);
              }}
            >
              <option value="">
                {organisations.state === 'loading'
                  ? t('common.loading')
                  : t('standards.form.chooseOrganisation')}
              </option>
              {organisations.state === 'loaded' &&
                organisations.value.map((o) => (
                  <option key={o.organisationId} value={o.organisationId}>
                    {o.name}
                  </option>
                ))}
            </select>
          )}
          <div id="create-organisation-help" className="form-text">
            {fixed !== null
              ? t('standards.form.organisationFixed')
              : organisationMissing
                ? t('standards.form.organisationRequired')
                : t('standards.form.organisationHelp')}
          </div>
          {organisations.state === 'failed' && (
            <RetryAlert
              message={t('standards.form.organisationsFailed')}
              retryLabel={t('standards.retry')}
              onRetry={organisations.retry}
              className="mt-2 gap-2"
            />
          )}
        </div>
        <div className="col-md-6">
          <label className="form-label" htmlFor="create-catalogue">
            {t('standards.form.catalogueVersion')}
          </label>
          <select
            id="create-catalogue"
            className="form-select"
            value={catalogueVersion}
            onChange={(e) => {
              const version = CATALOGUE_VERSIONS.find((v) => v === e.target.value);
              if (version !== undefined) fields.setCatalogueVersion(version);
            }}
          >
            {CATALOGUE_VERSIONS.map((version) => (
              <option key={version} value={version}>
                {t('standards.catalogueName', { version })}
              </option>
            ))}
          </select>
        </div>
        <DetailsFields
          idPrefix="create"
          values={fields.details}
          onChange={fields.setDetails}
          problems={fields.problems}
          systems={organisationId === '' ? [] : systems.state === 'loaded' ? systems.value : null}
          systemsFailed={systems.state === 'failed'}
          onRetrySystems={systems.retry}
        />
      </div>
    </section>
  );
};
