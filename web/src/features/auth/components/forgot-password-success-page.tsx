import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Shown after a successful password reset (SPEC §2). */
export const ForgotPasswordSuccessPage = () => {
  const { t } = useTranslation();
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
