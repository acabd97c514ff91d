import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * What the create and edit screens show a signed-in user whose role changes nobody (an Auditor,
 * or a profile without a role), reached by typing the address: the server would refuse the save.
 */
export const NotAllowed = ({ heading }: { heading: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="h3 mb-3">{heading}</h1>
      <div className="alert alert-warning" role="alert">
        {t('users.form.notAllowed')}
      </div>
      <Link className="btn btn-outline-secondary" to={paths.admin.users}>
        {t('users.backToList')}
      </Link>
    </>
  );
};
