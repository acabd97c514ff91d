import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Reset password (SPEC §2); the form comes later. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenIntro
        heading={t('recovery.resetPasswordHeading')}
        description={t('recovery.resetPasswordDescription')}
      />
      <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
    </>
  );
};
