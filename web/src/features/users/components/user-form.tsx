import type { UserAttributes } from '@ccsc/contract';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessageKey } from '../../../lib/field-messages';
import { putServerErrors } from '../../../lib/server-field-errors';
import type { ReferenceData } from '../hooks/use-reference-data';
import {
  EVERY_ORGANISATION,
  type FormField,
  userFieldOf,
  userFormResolver,
  type UserFormValues,
} from '../utils/user-form-values';

/** A change of one field can change another's problem: checked again when that one is shown. */
const RELATED: Partial<Record<FormField, FormField>> = {
  dialCode: 'nationalNumber',
  role: 'organisationId',
};

interface UserFormProps {
  initial: UserFormValues;
  reference: ReferenceData;
  mode: 'create' | 'edit';
  saving: boolean;
  /**
   * A scoped administrator's (an OrgAdmin's) own organisation: fixed for them. Null for a caller
   * who reaches everything (a PlatformAdmin), who may also make an Auditor of every organisation.
   */
  fixedOrganisationId: string | null;
  /** The administrator edits their own account: nobody changes their own role. */
  ownAccount?: boolean;
  /** Saves the attributes; rejects with the server's refusal, which the form then shows. */
  onSubmit: (attributes: UserAttributes) => Promise<void>;
  /** What the screen says above the form about a refused save (null: nothing, it is on a field). */
  onRefused: (message: string | null) => void;
  onCancel: () => void;
}

/** Create and edit share one form: validated as it is typed, with the server's schema. */
export const UserForm = ({
  initial,
  reference,
  mode,
  saving,
  fixedOrganisationId,
  ownAccount = false,
  onSubmit,
  onRefused,
  onCancel,
}: UserFormProps) => {
  const { t } = useTranslation();
  const defaultValues = fixedOrganisationId
    ? { ...initial, organisationId: fixedOrganisationId }
    : initial;
  const { control, setValue, setError, trigger, handleSubmit, formState, getFieldState } = useForm<
    UserFormValues,
    unknown,
    UserAttributes
  >({
    resolver: userFormResolver({
      phoneRequired: mode === 'edit' && initial.nationalNumber !== '',
    }),
    // A field's own problem shows once it was changed, every problem once the form is
    // submitted; a change puts the server's problem on that field away.
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues,
  });
  const values = { ...defaultValues, ...useWatch({ control }) };
  const submitted = formState.isSubmitted;

  const problemOf = (field: FormField): string | null => {
    const message = getFieldState(field, formState).error?.message;
    if (message === undefined) return null;
    if (message.startsWith('users.')) return t(message as 'users.form.required');
    const key = fieldMessageKey(message);
    return key ? t(key) : message;
  };

  /** The other field's problem follows this change, once it is shown; a server's stays. */
  const checkRelated = async (field: FormField) => {
    const state = getFieldState(field);
    if (!submitted && !state.isTouched) return;
    const server = state.error?.type === 'server' ? state.error : undefined;
    await trigger(field);
    if (server && !getFieldState(field).error) setError(field, server);
  };

  const set = (field: FormField, value: string) => {
    setValue(field, value, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    // "Every organisation" is an Auditor's only: another role has to choose one.
    if (field === 'role' && value !== 'Auditor' && values.organisationId === EVERY_ORGANISATION) {
      setValue('organisationId', '', { shouldDirty: true });
    }
    const related = RELATED[field];
    if (related) void checkRelated(related);
  };

  const submit = async (attributes: UserAttributes) => {
    try {
      await onSubmit(attributes);
    } catch (err) {
      onRefused(putServerErrors(err, t('users.form.failed'), userFieldOf, setError));
    }
  };

  const text = (field: 'email' | 'givenName' | 'familyName', type = 'text') => {
    const problem = problemOf(field);
    const id = `user-${field}`;
    return (
      <div className="col-md-6">
        <label className="form-label" htmlFor={id}>
          {t(`users.form.${field}`)}
        </label>
        <input
          id={id}
          type={type}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          value={values[field]}
          maxLength={field === 'email' ? 254 : 100}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            set(field, e.target.value);
          }}
        />
        {problem && (
          <div id={`${id}-problem`} className="invalid-feedback">
            {problem}
          </div>
        )}
        {field === 'email' && mode === 'edit' && values.email !== initial.email && (
          <div className="form-text">{t('users.form.emailChange')}</div>
        )}
      </div>
    );
  };

  const phoneProblem = problemOf('nationalNumber');
  const roleProblem = problemOf('role');
  const organisationProblem = problemOf('organisationId');
  const offersEveryOrganisation = fixedOrganisationId === null && values.role === 'Auditor';
  const readsEverything = offersEveryOrganisation && values.organisationId === EVERY_ORGANISATION;
  const organisationDescription =
    [
      organisationProblem ? 'user-organisation-problem' : '',
      readsEverything ? 'user-organisation-every' : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  // The roles the caller may give (list-all-groups): an OrgAdmin OrgAdmin and Auditor.
  const roles = reference.groups.map((g) => g.name);
  // A user being edited keeps their role on offer even if the caller may not give it.
  if (initial.role !== '' && !roles.includes(initial.role)) roles.unshift(initial.role);

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(submit)(e)}
      className="row g-3"
      aria-busy={saving}
    >
      {text('email', 'email')}
      <div className="col-md-6" />
      {text('givenName')}
      {text('familyName')}
      <fieldset className="col-md-6">
        <legend className="form-label fs-6">{t('users.form.phone')}</legend>
        <div className="input-group has-validation">
          <select
            className="form-select flex-grow-0 w-auto"
            aria-label={t('users.form.dialCode')}
            value={values.dialCode}
            onChange={(e) => {
              set('dialCode', e.target.value);
            }}
          >
            <option value="">{t('users.form.chooseDialCode')}</option>
            {reference.dialCodes.map((d) => (
              <option key={d.countryCode} value={d.dialCode}>
                {`${d.name} (${d.dialCode})`}
              </option>
            ))}
          </select>
          <input
            type="tel"
            inputMode="numeric"
            className={`form-control${phoneProblem ? ' is-invalid' : ''}`}
            aria-label={t('users.form.nationalNumber')}
            aria-invalid={phoneProblem ? true : undefined}
            aria-describedby={phoneProblem ? 'user-phone-problem' : undefined}
            maxLength={20}
            value={values.nationalNumber}
            onChange={(e) => {
              set('nationalNumber', e.target.value);
            }}
          />
          {phoneProblem && (
            <div id="user-phone-problem" className="invalid-feedback">
              {phoneProblem}
            </div>
          )}
        </div>
      </fieldset>
      <div className="col-md-6" />
      <div className="col-md-6">
        <label className="form-label" htmlFor="user-role">
          {t('users.form.role')}
        </label>
        <select
          id="user-role"
          className={`form-select${roleProblem ? ' is-invalid' : ''}`}
          value={values.role}
          disabled={ownAccount}
          aria-invalid={roleProblem ? true : undefined}
          aria-describedby={
            [roleProblem ? 'user-role-problem' : '', ownAccount ? 'user-role-own' : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => {
            set('role', e.target.value);
          }}
        >
          <option value="">{t('users.form.chooseRole')}</option>
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`users.roles.${role}`)}
            </option>
          ))}
        </select>
        {roleProblem && (
          <div id="user-role-problem" className="invalid-feedback">
            {roleProblem}
          </div>
        )}
        {ownAccount && (
          <div id="user-role-own" className="form-text">
            {t('users.form.ownRole')}
          </div>
        )}
      </div>
      {values.role !== 'PlatformAdmin' && (
        <div className="col-md-6">
          <label className="form-label" htmlFor="user-organisation">
            {t('users.form.organisation')}
          </label>
          <select
            id="user-organisation"
            className={`form-select${organisationProblem ? ' is-invalid' : ''}`}
            value={values.organisationId}
            disabled={fixedOrganisationId !== null}
            aria-invalid={organisationProblem ? true : undefined}
            aria-describedby={organisationDescription}
            onChange={(e) => {
              set('organisationId', e.target.value);
            }}
          >
            <option value="">{t('users.form.chooseOrganisation')}</option>
            {offersEveryOrganisation && (
              <option value={EVERY_ORGANISATION}>{t('users.form.everyOrganisation')}</option>
            )}
            <optgroup label={t('users.form.sites')}>
              {reference.sites.map((o) => (
                <option key={o.organisationId} value={o.organisationId}>
                  {o.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('users.form.sponsors')}>
              {reference.sponsors.map((o) => (
                <option key={o.organisationId} value={o.organisationId}>
                  {o.name}
                </option>
              ))}
            </optgroup>
            {reference.cros.length > 0 && (
              <optgroup label={t('users.form.cros')}>
                {reference.cros.map((o) => (
                  <option key={o.organisationId} value={o.organisationId}>
                    {o.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          {organisationProblem && (
            <div id="user-organisation-problem" className="invalid-feedback">
              {organisationProblem}
            </div>
          )}
          {readsEverything && (
            <div id="user-organisation-every" className="form-text">
              {t('users.form.everyOrganisationNote')}
            </div>
          )}
        </div>
      )}
      <div className="col-12 d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving
            ? t('users.form.saving')
            : t(mode === 'create' ? 'users.form.invite' : 'users.form.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('users.form.cancel')}
        </button>
      </div>
    </form>
  );
};
