import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenIntro } from '../components/screen-intro';
import { paths } from '../config/paths';

/** Page not found: the public one leads to the login screen, the /admin one to the dashboard. */
const NotFound = ({ home, homeLabel }: { home: string; homeLabel: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenIntro heading={t('notFound.heading')} description={t('notFound.description')} />
      <Link to={home}>{homeLabel}</Link>
    </>
  );
};

export const PublicNotFoundPage = () => {
  const { t } = useTranslation();
  return <NotFound home={paths.login} homeLabel={t('notFound.toLogin')} />;
};

export const AdminNotFoundPage = () => {
  const { t } = useTranslation();
  return <NotFound home={paths.admin.dashboard} homeLabel={t('notFound.toDashboard')} />;
};
