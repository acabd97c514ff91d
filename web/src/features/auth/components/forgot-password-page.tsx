import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../../../lib/auth';
import { checkLoginEmail } from '../utils/login-email';
import { RecoveryEmailField } from './recovery-email-field';

/** What /reset-password is handed: the address the code went to. */
export interface ResetPasswordState {
  email: string;
}

/**
 * Forgot password (SPEC §2, issue 4), step 1: the registered e-mail; Cognito sends a code to it.
 * Whether the account exists or not, the user goes on to enter the code (/reset-password).
 */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<'recovery.attemptLimit' | 'errors.generic' | null>(null);
  const check = email === '' ? null : checkLoginEmail(email);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check?.ok || sending) return;
    setSending(true);
    setFailure(null);
    const result = await requestPasswordReset(check.email);
    setSending(false);
    if (result === 'sent') {
      const state: ResetPasswordState = { email: check.email };
      await navigate(paths.resetPassword, { state });
    } else {
      setFailure(result === 'limit-exceeded' ? 'recovery.attemptLimit' : 'errors.generic');
    }
  };

  return (
    <div className="row justify-content-center">
      <section className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <ScreenIntro
          heading={t('recovery.forgotPasswordHeading')}
          description={t('recovery.forgotPasswordDescription')}
        />
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <fieldset disabled={sending}>
            <RecoveryEmailField
              id="forgot-password-email"
              value={email}
              check={check}
              onChange={(value) => {
                setEmail(value);
                setFailure(null);
              }}
            />
            {failure && (
              <div className="alert alert-danger py-2" role="alert">
                {t(failure)}
              </div>
            )}
            <button type="submit" className="btn btn-primary w-100" disabled={!check?.ok}>
              {t('recovery.sendCode')}
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
