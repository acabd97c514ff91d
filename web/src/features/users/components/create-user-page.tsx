import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** Create (invite) a user (SPEC §2). */
export const CreateUserPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro heading={t('users.createHeading')} description={t('users.createDescription')} />
  );
};
