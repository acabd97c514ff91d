import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** Generate API access credentials for an organisation system (SPEC §2). */
export const GenerateApiCredentialsPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('credentials.generateHeading')}
      description={t('credentials.generateDescription')}
    />
  );
};
