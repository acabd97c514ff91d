import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Where a timed-out or logged-out administrator lands (SPEC §2, §4). */
export const SessionTimeOutPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenIntro
        heading={t('recovery.sessionTimeOutHeading')}
        description={t('recovery.sessionTimeOutDescription')}
      />
      <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
    </>
  );
};
