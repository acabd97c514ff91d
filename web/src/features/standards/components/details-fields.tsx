import type { OrgSystem } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { fieldMessageKey } from '../../../lib/field-messages';
import type { DetailsField, DetailsProblems, DetailsValues } from '../utils/details';

interface DetailsFieldsProps {
  idPrefix: string;
  values: DetailsValues;
  onChange: (values: DetailsValues) => void;
  /** The problems to show now (the form decides when). */
  problems: DetailsProblems;
  /** The organisation's systems to choose from; null while they load. */
  systems: readonly OrgSystem[] | null;
  systemsFailed?: boolean;
  onRetrySystems?: () => void;
  disabled?: boolean;
}

/**
 * A standard's details: name, description, the organisation's systems it applies to (inactive
 * ones marked) and the vendor product it describes. The organisation is chosen by the form.
 */
export const DetailsFields = ({
  idPrefix,
  values,
  onChange,
  problems,
  systems,
  systemsFailed = false,
  onRetrySystems,
  disabled = false,
}: DetailsFieldsProps) => {
  const { t } = useTranslation();
  const problemOf = (field: DetailsField): string | null => {
    const problem = problems[field];
    if (problem === undefined) return null;
    if (problem === 'required') return t('standards.form.nameRequired');
    const key = fieldMessageKey(problem);
    return key === null ? t('standards.form.fieldInvalid') : t(key);
  };
  const text = (field: DetailsField, label: string, multiline = false, max = 200) => {
    const id = `${idPrefix}-${field}`;
    const problem = problemOf(field);
    const props = {
      id,
      className: `form-control${problem === null ? '' : ' is-invalid'}`,
      value: values[field],
      maxLength: max,
      disabled,
      'aria-invalid': problem === null ? undefined : true,
      'aria-describedby': problem === null ? undefined : `${id}-problem`,
      onChange: (e: { target: { value: string } }) => {
        onChange({ ...values, [field]: e.target.value });
      },
    };
    return (
      <>
        <label className="form-label" htmlFor={id}>
          {label}
        </label>
        {multiline ? <textarea rows={2} {...props} /> : <input type="text" {...props} />}
        {problem !== null && (
          <div id={`${id}-problem`} className="invalid-feedback">
            {problem}
          </div>
        )}
      </>
    );
  };

  return (
    <>
      <div className="col-md-6">{text('name', t('standards.form.name'), false, 120)}</div>
      <div className="col-md-6">{text('product', t('standards.form.product'))}</div>
      <div className="col-12">
        {text('description', t('standards.form.description'), true, 2000)}
      </div>
      <fieldset className="col-12">
        <legend className="form-label fs-6 mb-1">{t('standards.form.systems')}</legend>
        <p className="form-text mt-0">{t('standards.form.systemsHelp')}</p>
        {systemsFailed ? (
          <RetryAlert
            message={t('standards.form.systemsFailed')}
            retryLabel={t('standards.retry')}
            onRetry={onRetrySystems}
            className="gap-2"
          />
        ) : systems === null ? (
          <p className="text-body-secondary small">{t('common.loading')}</p>
        ) : systems.length === 0 ? (
          <p className="text-body-secondary small">{t('standards.form.noSystems')}</p>
        ) : (
          systems.map((system) => {
            const id = `${idPrefix}-system-${system.systemId}`;
            return (
              <div className="form-check form-check-inline" key={system.systemId}>
                <input
                  id={id}
                  type="checkbox"
                  className="form-check-input"
                  disabled={disabled}
                  checked={values.systemIds.includes(system.systemId)}
                  onChange={(e) => {
                    const on = e.target.checked;
                    onChange({
                      ...values,
                      systemIds: on
                        ? [...values.systemIds, system.systemId]
                        : values.systemIds.filter((s) => s !== system.systemId),
                    });
                  }}
                />
                <label className="form-check-label" htmlFor={id}>
                  {system.status === 'active'
                    ? system.name
                    : t('standards.form.inactiveSystem', { name: system.name })}
                </label>
              </div>
            );
          })
        )}
      </fieldset>
    </>
  );
};
