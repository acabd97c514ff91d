import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';

/** View and edit a mapping standard (SPEC §2). */
export const ViewEditStandardPage = () => {
  const { t } = useTranslation();
  return (
    <ScreenIntro
      heading={t('standards.viewEditHeading')}
      description={t('standards.viewEditDescription')}
    />
  );
};
