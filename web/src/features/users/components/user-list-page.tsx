import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';
import { useRuntimeConfig } from '../../../config/runtime-config';

/** The user list (SPEC §2). */
export const UserListPage = () => {
  const { t } = useTranslation();
  const { productName } = useRuntimeConfig();
  return (
    <ScreenIntro
      heading={t('users.listHeading')}
      description={t('users.listDescription', { product: productName })}
    />
  );
};
