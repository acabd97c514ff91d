import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { StandardVersion } from '../utils/standard-types';
import { InUseBadge, SignatureLine, StandardStatusBadge } from './standard-badges';

/** The version's heading: its name, status, facts, signature and retirement. */
export const StandardHeader = ({ standard }: { standard: StandardVersion }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <header className="mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="h3 mb-0">{standard.name}</h1>
        <span className="fs-5">{t('standards.versionN', { version: standard.version })}</span>
        <StandardStatusBadge status={standard.status} />
        {standard.inUse && <InUseBadge />}
      </div>
      {standard.description !== null && (
        <p className="text-body-secondary mb-2">{standard.description}</p>
      )}
      <dl className="row small mb-2" data-testid="standard-facts">
        <dt className="col-sm-2">{t('standards.form.organisation')}</dt>
        <dd className="col-sm-4">{standard.organisationName}</dd>
        <dt className="col-sm-2">{t('standards.form.catalogueVersion')}</dt>
        <dd className="col-sm-4">
          {t('standards.catalogueName', { version: standard.catalogueVersion })}
        </dd>
        <dt className="col-sm-2">{t('standards.form.systems')}</dt>
        <dd className="col-sm-4">
          {standard.systems.length === 0
            ? t('standards.noSystems')
            : standard.systems.map((s) => s.name).join(', ')}
        </dd>
        <dt className="col-sm-2">{t('standards.diff.detail.product')}</dt>
        <dd className="col-sm-4">{standard.product ?? '—'}</dd>
        <dt className="col-sm-2">{t('standards.editor.updated')}</dt>
        <dd className="col-sm-4">
          {t('standards.editor.updatedBy', {
            when: formatDateTime(standard.updatedAt, language),
            by: standard.updatedBy,
          })}
        </dd>
        {standard.basedOnVersion !== null && (
          <>
            <dt className="col-sm-2">{t('standards.editor.basedOn')}</dt>
            <dd className="col-sm-4">
              {t('standards.versionN', { version: standard.basedOnVersion })}
            </dd>
          </>
        )}
      </dl>
      {standard.signature !== null && (
        <p className="mb-1">
          <SignatureLine signature={standard.signature} />
        </p>
      )}
      {standard.retired !== null && (
        <p className="mb-1 text-body-secondary" data-testid="retired">
          {t('standards.versions.retired', {
            when: formatDateTime(standard.retired.at, language),
            by: standard.retired.by,
            reason: standard.retired.reason,
          })}
        </p>
      )}
    </header>
  );
};
