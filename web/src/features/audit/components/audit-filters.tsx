import { AUDIT_ACTION_KINDS, AUDIT_VIEWS } from '@ccsc/contract';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AuditFilterValues,
  type AuditQuery,
  EMPTY_FILTERS,
  exactTimesOf,
  filterProblems,
  filterValuesOf,
  toAuditQuery,
} from '../utils/audit-format';
import { DateField } from '../../../components/date-field';

type TextField = 'actor' | 'target' | 'action';

/**
 * The audit screen's filters: which view, who, about whom, what, how it ended, and between which
 * days; they start from the filters applied (`query`, the address's). A time that is no day's
 * start (a link's) has no field here: it stays applied, shown by the page as a chip, until a day
 * replaces it.
 */
export const AuditFilters = ({
  query,
  onSearch,
  busy,
}: {
  query: AuditQuery;
  onSearch: (query: AuditQuery) => void;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<AuditFilterValues>(() => filterValuesOf(query));
  const problems = filterProblems(values);
  const invalid = Object.keys(problems).length > 0;

  const set = <K extends keyof AuditFilterValues>(field: K, value: AuditFilterValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!invalid) onSearch(toAuditQuery(values, exactTimesOf(query)));
  };

  const text = (field: TextField, maxLength: number) => {
    const problem = problems[field];
    return (
      <div className="col-12 col-md-6 col-xl-4">
        <label className="form-label" htmlFor={`${id}-${field}`}>
          {t(`audit.filter.${field}`)}
        </label>
        <input
          id={`${id}-${field}`}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          value={values[field]}
          maxLength={maxLength}
          placeholder={t(`audit.filter.${field}Placeholder`)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${field}-error` : undefined}
          // The actions as the table names them, to choose from while typing the code.
          list={field === 'action' ? `${id}-actions` : undefined}
          onChange={(event) => {
            set(field, event.target.value);
          }}
        />
        {field === 'action' && (
          <datalist id={`${id}-actions`}>
            {Object.keys(AUDIT_ACTION_KINDS).map((action) => (
              <option key={action} value={action}>
                {t(`auditAction.${action}` as 'auditAction.session.login')}
              </option>
            ))}
          </datalist>
        )}
        {problem && (
          <div id={`${id}-${field}-error`} className="invalid-feedback">
            {t(problem)}
          </div>
        )}
      </div>
    );
  };

  return (
    <form
      noValidate
      className="card card-body mb-3"
      onSubmit={onSubmit}
      aria-label={t('audit.filter.title')}
    >
      <div className="row g-3">
        <div className="col-12 col-md-6 col-xl-4">
          <label className="form-label" htmlFor={`${id}-view`}>
            {t('audit.filter.view')}
          </label>
          <select
            id={`${id}-view`}
            className="form-select"
            value={values.view}
            onChange={(event) => {
              set('view', AUDIT_VIEWS.find((v) => v === event.target.value) ?? '');
            }}
          >
            <option value="">{t('audit.filter.anyView')}</option>
            {AUDIT_VIEWS.map((view) => (
              <option key={view} value={view}>
                {t(`audit.view.${view}`)}
              </option>
            ))}
          </select>
        </div>
        {text('actor', 128)}
        {text('target', 128)}
        {text('action', 64)}
        <div className="col-12 col-md-6 col-xl-4">
          <label className="form-label" htmlFor={`${id}-outcome`}>
            {t('audit.filter.outcome')}
          </label>
          <select
            id={`${id}-outcome`}
            className="form-select"
            value={values.outcome}
            onChange={(event) => {
              const value = event.target.value;
              set('outcome', value === 'success' || value === 'failure' ? value : '');
            }}
          >
            <option value="">{t('audit.filter.anyOutcome')}</option>
            <option value="success">{t('audit.outcome.success')}</option>
            <option value="failure">{t('audit.outcome.failure')}</option>
          </select>
        </div>
        <div className="col-6 col-md-3 col-xl-2">
          <label className="form-label" htmlFor={`${id}-from`}>
            {t('audit.filter.from')}
          </label>
          <DateField
            id={`${id}-from`}
            className="form-control"
            value={values.fromDay}
            onChange={(day) => {
              set('fromDay', day);
            }}
          />
        </div>
        <div className="col-6 col-md-3 col-xl-2">
          <label className="form-label" htmlFor={`${id}-to`}>
            {t('audit.filter.to')}
          </label>
          <DateField
            id={`${id}-to`}
            className={`form-control${problems.toDay ? ' is-invalid' : ''}`}
            value={values.toDay}
            aria-invalid={problems.toDay ? true : undefined}
            aria-describedby={problems.toDay ? `${id}-to-error` : undefined}
            onChange={(day) => {
              set('toDay', day);
            }}
          />
          {problems.toDay && (
            <div id={`${id}-to-error`} className="invalid-feedback">
              {t(problems.toDay)}
            </div>
          )}
        </div>
      </div>
      <p className="form-text mb-0 mt-2">{t('audit.filter.utcNote')}</p>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={invalid || busy}>
          {t('audit.filter.apply')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={busy}
          onClick={() => {
            setValues(EMPTY_FILTERS);
            onSearch({});
          }}
        >
          {t('audit.filter.clear')}
        </button>
      </div>
    </form>
  );
};
