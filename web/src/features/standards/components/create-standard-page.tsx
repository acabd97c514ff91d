import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** Create a mapping standard (SPEC §2). */
export const CreateStandardPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('standards.createHeading')}
      description={t('standards.createDescription')}
    />
  );
};
