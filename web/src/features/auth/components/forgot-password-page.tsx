import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../../../lib/auth';
import { type RecoveryFailure, RecoveryEmailForm } from './recovery-email-form';

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

  const send = async (email: string): Promise<RecoveryFailure | null> => {
    const result = await requestPasswordReset(email);
    if (result === 'sent') {
      const state: ResetPasswordState = { email };
      await navigate(paths.resetPassword, { state });
      return null;
    }
    return result === 'limit-exceeded' ? 'recovery.attemptLimit' : 'errors.generic';
  };

  return (
    <div className="row justify-content-center">
      <section className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <ScreenIntro
          heading={t('recovery.forgotPasswordHeading')}
          description={t('recovery.forgotPasswordDescription')}
        />
        <RecoveryEmailForm
          id="forgot-password-email"
          submitLabel={t('recovery.sendCode')}
          onSend={send}
        />
        <p className="mt-3">
          <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
        </p>
      </section>
    </div>
  );
};
