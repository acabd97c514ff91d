import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';
import { useRuntimeConfig } from '../../../config/runtime-config';

/** The dashboard (SPEC §2); what it shows is not specified yet. */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const { productName } = useRuntimeConfig();
  return (
    <ScreenIntro
      heading={t('dashboard.heading')}
      description={t('dashboard.description', { product: productName })}
    />
  );
};
