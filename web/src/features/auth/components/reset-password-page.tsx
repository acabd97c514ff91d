import { useState } from 'react';
import { type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config';
import { ApiError, callApi } from '../../../lib/api';
import { requestPasswordReset } from '../../../lib/auth';
import { putServerErrors } from '../../../lib/server-field-errors';
import { checkLoginEmail } from '../utils/login-email';
import { RecoveryEmailField } from './recovery-email-field';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';
import type { PasswordChangedState } from './forgot-password-success-page';

const CODE_PATTERN = /^[0-9]{6}$/;

/** What the form says above Submit: a refusal that is no field's, in the user's language. */
const FORM_MESSAGES = [
  'errors.generic',
  'recovery.tooManyRequests',
  'recovery.attemptLimit',
  'validation.emailFormat',
] as const;
type FormMessageKey = (typeof FORM_MESSAGES)[number];

interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}

/** The form's field of a server path: the code and the new password; the rest is the form's. */
const fieldOf = (path: string): 'code' | 'password' | null =>
  path === 'confirmationCode' ? 'code' : path === 'newPassword' ? 'password' : null;

/**
 * A refusal of confirm-forget-password: a refused code or password is put on its field
 * (`putServerErrors`), and what the form says besides is returned, or null. One answer for every
 * refused code (wrong, expired, never requested, attempt limit, no such account): the server
 * does not say which, so that nobody learns who has an account; the screen shows one text for it.
 */
const refuse = (err: unknown, setError: UseFormSetError<ResetValues>): FormMessageKey | null => {
  if (!(err instanceof ApiError)) return 'errors.generic';
  if (err.status === 429) return 'recovery.tooManyRequests';
  if (err.status !== 400 || err.fields.length === 0) return 'errors.generic';
  putServerErrors(err, '', fieldOf, setError);
  const other = err.fields.filter((field) => fieldOf(field.path) === null).at(-1);
  if (other === undefined) return null;
  return other.path === 'email' ? 'validation.emailFormat' : 'errors.generic';
};

const emailFromState = (state: unknown): string => {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
};

/**
 * Forgot password (issue 4), step 2: the code Cognito e-mailed and a new password with the rules
 * of first login, sent to confirm-forget-password; then /forgot-password-success. A code the
 * server refuses, for whatever reason, gets one text under the code pointing to Resend Code.
 * Reached from /forgot-password with the e-mail, or directly (then the e-mail is asked here).
 */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userPoolClientId } = useRuntimeConfig();
  const knownEmail = emailFromState(useLocation().state);
  const defaultValues = { email: knownEmail, code: '', password: '', confirmation: '' };
  const { control, setValue, setError, clearErrors, handleSubmit, formState } =
    useForm<ResetValues>({ defaultValues });
  const { email, code, password, confirmation } = { ...defaultValues, ...useWatch({ control }) };
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const busy = formState.isSubmitting || resending;
  const { errors } = formState;
  const formMessage = FORM_MESSAGES.find((key) => key === errors.root?.message) ?? null;

  const emailCheck = email === '' ? null : checkLoginEmail(email);
  const codeFormatWrong = code !== '' && !CODE_PATTERN.test(code);
  const passwordCheck = checkNewPassword(password, confirmation);
  const canSubmit = emailCheck?.ok === true && CODE_PATTERN.test(code) && passwordCheck.ok && !busy;

  const set = (field: keyof ResetValues, value: string) => {
    setValue(field, value);
  };

  const send = async () => {
    if (!canSubmit) return;
    try {
      await callApi('confirm-forget-password', {
        clientId: userPoolClientId,
        email: emailCheck.email,
        newPassword: password,
        confirmationCode: code,
      });
      const state: PasswordChangedState = { passwordChanged: true };
      await navigate(paths.forgotPasswordSuccess, { replace: true, state });
    } catch (err) {
      const message = refuse(err, setError);
      if (message) setError('root', { message });
    }
  };

  const resend = async () => {
    if (!emailCheck?.ok || busy) return;
    setResending(true);
    clearErrors();
    setResent(false);
    const result = await requestPasswordReset(emailCheck.email);
    setResending(false);
    if (result === 'sent') {
      set('code', '');
      setResent(true);
    } else {
      setError('root', {
        message: result === 'limit-exceeded' ? 'recovery.attemptLimit' : 'errors.generic',
      });
    }
  };

  const codeError =
    errors.code?.type === 'server'
      ? t('recovery.codeRefused')
      : codeFormatWrong
        ? t('recovery.codeFormat')
        : null;

  return (
    <div className="row justify-content-center">
      <section className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <ScreenIntro
          heading={t('recovery.resetPasswordHeading')}
          description={t('recovery.resetPasswordDescription')}
        />
        {knownEmail && !resent && (
          <div className="alert alert-info py-2" role="status">
            {t('recovery.codeSent', { email: knownEmail })}
          </div>
        )}
        {resent && emailCheck?.ok && (
          <div className="alert alert-info py-2" role="status">
            {t('recovery.codeSent', { email: emailCheck.email })}
          </div>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            // A new attempt: what the server said of the last one goes.
            clearErrors();
            void handleSubmit(send)(event);
          }}
        >
          <fieldset disabled={busy}>
            {!knownEmail && (
              <RecoveryEmailField
                id="reset-password-email"
                value={email}
                check={emailCheck}
                onChange={(value) => {
                  set('email', value);
                  clearErrors();
                }}
              />
            )}
            <div className="mb-3">
              <label className="form-label" htmlFor="reset-password-code">
                {t('recovery.code')}
              </label>
              <input
                id="reset-password-code"
                className={`form-control${codeError ? ' is-invalid' : ''}`}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                aria-invalid={codeError !== null}
                aria-describedby={codeError ? 'reset-password-code-error' : undefined}
                onChange={(event) => {
                  set('code', event.target.value.replace(/\s/g, ''));
                  clearErrors('code');
                }}
              />
              {codeError && (
                <div className="invalid-feedback" id="reset-password-code-error">
                  {codeError}
                </div>
              )}
              <button
                type="button"
                className="btn btn-link px-0 small"
                disabled={!emailCheck?.ok}
                onClick={() => void resend()}
              >
                {t('recovery.resendCode')}
              </button>
            </div>
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPassword={(value) => {
                set('password', value);
                clearErrors('password');
              }}
              onConfirmation={(value) => {
                set('confirmation', value);
              }}
              passwordError={
                errors.password?.type === 'server' ? t('recovery.passwordRejected') : null
              }
            />
            {formMessage && (
              <div className="alert alert-danger py-2" role="alert">
                {t(formMessage)}
              </div>
            )}
            <button type="submit" className="btn btn-primary w-100" disabled={!canSubmit}>
              {t('recovery.submit')}
            </button>
          </fieldset>
        </form>
        <p className="mt-3">
          <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
        </p>
      </section>
    </div>
  );
};
