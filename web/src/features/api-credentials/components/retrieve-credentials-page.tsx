import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** /generate/{APIID}: where the recipient of an e-mailed link retrieves the credentials (SPEC §2). */
export const RetrieveCredentialsPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('credentials.retrieveHeading')}
      description={t('credentials.retrieveDescription')}
    />
  );
};
