import type { UserAttributes } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { getProfile } from '../../../lib/session';
import { useReferenceData } from '../hooks/use-reference-data';
import { problemsOfError, type SavedState } from '../utils/save-user';
import { EMPTY_FORM, type FieldProblems } from '../utils/user-form-values';
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
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const [message, setMessage] = useState<string | null>(null);

  const save = async (attributes: UserAttributes) => {
    setSaving(true);
    setMessage(null);
    try {
      await callApi('create-user', { userAttributes: attributes });
      const saved: SavedState = { saved: true };
      void navigate(paths.admin.users, { state: saved });
    } catch (err) {
      const problems = problemsOfError(err, t('users.form.failed'));
      setServerProblems(problems.fields);
      setMessage(problems.message);
      setSaving(false);
    }
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
          serverProblems={serverProblems}
          saving={saving}
          fixedOrganisationId={ownOrganisation(profile)}
          onSubmit={(attributes) => void save(attributes)}
          onCancel={() => void navigate(paths.admin.users)}
        />
      )}
    </>
  );
};
