import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** The list of mapping standards (SPEC §2). */
export const ListStandardsPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('standards.listHeading')}
      description={t('standards.listDescription')}
    />
  );
};
