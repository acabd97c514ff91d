import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** Edit a user (SPEC §2). */
export const EditUserPage = () => {
  const { t } = useTranslation();
  return <ScreenIntro heading={t('users.editHeading')} description={t('users.editDescription')} />;
};
