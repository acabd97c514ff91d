import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Forgot password (SPEC §2); the form comes later. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenIntro
        heading={t('recovery.forgotPasswordHeading')}
        description={t('recovery.forgotPasswordDescription')}
      />
      <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
    </>
  );
};
