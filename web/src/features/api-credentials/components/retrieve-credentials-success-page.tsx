import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** /generate/success: shown after the credentials were retrieved (SPEC §2). */
export const RetrieveCredentialsSuccessPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('credentials.successHeading')}
      description={t('credentials.successDescription')}
    />
  );
};
