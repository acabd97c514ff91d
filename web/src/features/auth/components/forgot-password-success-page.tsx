import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Shown after a successful password reset (SPEC §2). */
export const ForgotPasswordSuccessPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenIntro
        heading={t('recovery.forgotPasswordSuccessHeading')}
        description={t('recovery.forgotPasswordSuccessDescription')}
      />
      <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
    </>
  );
};
