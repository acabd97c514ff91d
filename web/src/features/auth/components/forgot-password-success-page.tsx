import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** What /reset-password hands this screen when the new password was set. */
export interface PasswordChangedState {
  passwordChanged: true;
}

const changed = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as Partial<PasswordChangedState>).passwordChanged === true;

/**
 * Shown after a successful password reset (SPEC §2), and only then: opened any other way (typed,
 * bookmarked) it would claim a change nobody made, so it sends the visitor to the start of the
 * reset instead.
 */
export const ForgotPasswordSuccessPage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  if (!changed(location.state as unknown)) return <Navigate to={paths.forgotPassword} replace />;
  return (
    <div className="row justify-content-center">
      <section className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <ScreenIntro
          heading={t('recovery.forgotPasswordSuccessHeading')}
          description={t('recovery.forgotPasswordSuccessDescription')}
        />
        <Link className="btn btn-primary" to={paths.login}>
          {t('recovery.backToLogin')}
        </Link>
      </section>
    </div>
  );
};
