import type { UserAttributes } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { getProfile } from '../../../lib/session';
import { useReferenceData } from '../hooks/use-reference-data';
import { useCreateUser } from '../api/user-writes';
import type { SavedState } from '../utils/save-user';
import { EMPTY_FORM } from '../utils/user-form-values';
import { canManageUsers, ownOrganisation } from '../utils/user-actions';
import { NotAllowed } from './not-allowed';
import { UserForm } from './user-form';

/** Create (invite) a user (SPEC §2): Cognito e-mails the temporary password. */
export const CreateUserPage = () => {
  const { t } = useTranslation();
  return canManageUsers(getProfile()) ? (
    <CreateUserScreen />
  ) : (
    <NotAllowed heading={t('users.createHeading')} />
  );
};

const CreateUserScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = getProfile();
  const reference = useReferenceData('all');
  const create = useCreateUser();
  const [message, setMessage] = useState<string | null>(null);

  const save = async (attributes: UserAttributes) => {
    setMessage(null);
    await create.mutateAsync(attributes);
    const saved: SavedState = { saved: true };
    void navigate(paths.admin.users, { state: saved });
  };

  return (
    <>
      <ScreenIntro heading={t('users.createHeading')} description={t('users.createDescription')} />
      {message && (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
      {reference.status === 'loading' && <LoadingIndicator className="my-4" />}
      {reference.status === 'failed' && (
        <RetryAlert
          message={t('users.form.loadFailed')}
          retryLabel={t('users.retry')}
          onRetry={reference.retry}
        />
      )}
      {reference.status === 'ready' && (
        <UserForm
          mode="create"
          initial={EMPTY_FORM}
          reference={reference.data}
          saving={create.isPending || create.isSuccess}
          fixedOrganisationId={ownOrganisation(profile)}
          onSubmit={save}
          onRefused={setMessage}
          onCancel={() => void navigate(paths.admin.users)}
        />
      )}
    </>
  );
};
