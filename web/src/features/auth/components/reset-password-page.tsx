import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config';
import { ApiError, callApi } from '../../../lib/api';
import { requestPasswordReset } from '../../../lib/auth';
import { checkLoginEmail } from '../utils/login-email';
import { RecoveryEmailField } from './recovery-email-field';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';

const CODE_PATTERN = /^[0-9]{6}$/;

type FormMessageKey =
  | 'errors.generic'
  | 'recovery.tooManyRequests'
  | 'recovery.attemptLimit'
  | 'validation.emailFormat';

interface Refusal {
  code?: 'recovery.codeRefused';
  password?: 'recovery.passwordRejected';
  form?: FormMessageKey;
}

/** Where on the form a refusal of confirm-forget-password shows, in the user's language. */
export const refusalOf = (err: unknown): Refusal => {
  if (!(err instanceof ApiError)) return { form: 'errors.generic' };
  if (err.status === 429) return { form: 'recovery.tooManyRequests' };
  if (err.status !== 400) return { form: 'errors.generic' };
  const refusal: Refusal = {};
  for (const field of err.fields) {
    if (field.path === 'confirmationCode') {
      // One answer for every refused code (wrong, expired, never requested, attempt limit, no
      // such account): the server does not say which, so that nobody learns who has an account.
      refusal.code = 'recovery.codeRefused';
    } else if (field.path === 'newPassword') {
      refusal.password = 'recovery.passwordRejected';
    } else if (field.path === 'email') {
      refusal.form = 'validation.emailFormat';
    } else {
      refusal.form = 'errors.generic';
    }
  }
  return err.fields.length === 0 ? { form: 'errors.generic' } : refusal;
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
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>({});
  const [resent, setResent] = useState(false);

  const emailCheck = email === '' ? null : checkLoginEmail(email);
  const codeFormatWrong = code !== '' && !CODE_PATTERN.test(code);
  const passwordCheck = checkNewPassword(password, confirmation);
  const canSubmit = emailCheck?.ok === true && CODE_PATTERN.test(code) && passwordCheck.ok && !busy;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setRefusal({});
    try {
      await callApi('confirm-forget-password', {
        clientId: userPoolClientId,
        email: emailCheck.email,
        newPassword: password,
        confirmationCode: code,
      });
      await navigate(paths.forgotPasswordSuccess, { replace: true });
    } catch (err) {
      setRefusal(refusalOf(err));
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!emailCheck?.ok || busy) return;
    setBusy(true);
    setRefusal({});
    setResent(false);
    const result = await requestPasswordReset(emailCheck.email);
    setBusy(false);
    if (result === 'sent') {
      setCode('');
      setResent(true);
    } else {
      setRefusal({
        form: result === 'limit-exceeded' ? 'recovery.attemptLimit' : 'errors.generic',
      });
    }
  };

  const codeError = refusal.code
    ? t(refusal.code)
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
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <fieldset disabled={busy}>
            {!knownEmail && (
              <RecoveryEmailField
                id="reset-password-email"
                value={email}
                check={emailCheck}
                onChange={(value) => {
                  setEmail(value);
                  setRefusal({});
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
                  setCode(event.target.value.replace(/\s/g, ''));
                  setRefusal((before) => ({ ...before, code: undefined }));
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
                setPassword(value);
                setRefusal((before) => ({ ...before, password: undefined }));
              }}
              onConfirmation={setConfirmation}
              passwordError={refusal.password ? t(refusal.password) : null}
            />
            {refusal.form && (
              <div className="alert alert-danger py-2" role="alert">
                {t(refusal.form)}
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
