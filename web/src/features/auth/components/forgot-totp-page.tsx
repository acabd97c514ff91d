import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Forgot authenticator (TOTP) (SPEC §2); the form comes later. */
export const ForgotTotpPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenIntro
        heading={t('recovery.forgotTotpHeading')}
        description={t('recovery.forgotTotpDescription')}
      />
      <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
    </>
  );
};
