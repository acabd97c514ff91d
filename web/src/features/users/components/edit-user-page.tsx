import type { UserAttributes, UserListItem } from '@ccsc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi, isRefusal } from '../../../lib/api';
import { getProfile } from '../../../lib/session';
import { userKeys } from '../api/keys';
import { type UserChanges, useUpdateUser } from '../api/user-writes';
import { useReferenceData } from '../hooks/use-reference-data';
import type { SavedState } from '../utils/save-user';
import { formOf } from '../utils/user-form-values';
import { canManageUsers, isOwnAccount, ownOrganisation } from '../utils/user-actions';
import { NotAllowed } from './not-allowed';
import { UserForm } from './user-form';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; user: UserListItem }
  | { status: 'missing' }
  | { status: 'failed' };

/**
 * There is no get-user call: the user is the row of that username among those whose e-mail
 * starts with the address the list passed along (the exact address sorts first). Null when they
 * are not there for this caller: not found, or refused (404, 400); anything else may pass.
 */
const loadUser = async (userName: string, email: string): Promise<UserListItem | null> => {
  try {
    const { users } = await callApi('list-all-users', { search: email, limit: 60 });
    return users.find((u) => u.userName === userName) ?? null;
  } catch (err) {
    if (isRefusal(err)) return null;
    throw err;
  }
};

/** Only what changed is sent: absent keeps, and the server records only real changes. */
const changesOf = (before: UserListItem, after: UserAttributes): UserChanges => {
  const changes: UserChanges = {};
  if (after.email !== before.email) changes.email = after.email;
  if (after.givenName !== before.givenName) changes.givenName = after.givenName;
  if (after.familyName !== before.familyName) changes.familyName = after.familyName;
  if ((after.phoneNumber ?? null) !== before.phoneNumber && after.phoneNumber !== undefined) {
    changes.phoneNumber = after.phoneNumber;
  }
  if (after.role !== before.role) changes.role = after.role;
  // A PlatformAdmin's organisation is the server's to drop. Any other role without one is an
  // Auditor of every organisation (the form allows nothing else): null removes the old one.
  if (after.role !== 'PlatformAdmin') {
    const organisationId = after.organisationId ?? null;
    if (organisationId !== before.organisationId) changes.organisationId = organisationId;
  }
  return changes;
};

/** Edit a user (SPEC §2): /admin/user-management/edit-user?userName=<sub>&email=<address>. */
export const EditUserPage = () => {
  const { t } = useTranslation();
  return canManageUsers(getProfile()) ? (
    <EditUserScreen />
  ) : (
    <NotAllowed heading={t('users.editHeading')} />
  );
};

const EditUserScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userName = params.get('userName') ?? '';
  const email = params.get('email') ?? '';
  const profile = getProfile();
  const reference = useReferenceData('all');
  const asked = userName !== '' && email !== '';
  const lookup = useQuery({
    queryKey: userKeys.user(userName, email),
    queryFn: () => loadUser(userName, email),
    enabled: asked,
  });
  const update = useUpdateUser();
  const [message, setMessage] = useState<string | null>(null);

  // Loaded afresh every time the form opens (the form starts from what it is shown first).
  const state: Loaded = !asked
    ? { status: 'missing' }
    : lookup.isFetching || lookup.isPending
      ? { status: 'loading' }
      : lookup.isError
        ? { status: 'failed' }
        : lookup.data
          ? { status: 'ready', user: lookup.data }
          : { status: 'missing' };

  const save = async (user: UserListItem, attributes: UserAttributes) => {
    const changes = changesOf(user, attributes);
    if (Object.keys(changes).length === 0) {
      setMessage(t('users.form.nothingChanged'));
      return;
    }
    setMessage(null);
    await update.mutateAsync({ user, changes });
    const saved: SavedState = { saved: true, emailChanged: changes.email !== undefined };
    void navigate(paths.admin.users, { state: saved });
  };

  return (
    <>
      <ScreenIntro heading={t('users.editHeading')} description={t('users.editDescription')} />
      {message && (
        <div className="alert alert-warning" role="alert">
          {message}
        </div>
      )}
      {(state.status === 'loading' || reference.status === 'loading') && (
        <LoadingIndicator className="my-4" />
      )}
      {state.status === 'missing' && (
        <div className="alert alert-danger" role="alert">
          {t('users.form.notFound')}
        </div>
      )}
      {state.status === 'failed' && (
        <RetryAlert
          message={t('users.form.userLoadFailed')}
          retryLabel={t('users.retry')}
          onRetry={() => {
            void lookup.refetch();
          }}
        />
      )}
      {reference.status === 'failed' && (
        <RetryAlert
          message={t('users.form.loadFailed')}
          retryLabel={t('users.retry')}
          onRetry={reference.retry}
        />
      )}
      {state.status === 'ready' && reference.status === 'ready' && (
        <UserForm
          mode="edit"
          initial={formOf(state.user, reference.data.dialCodes)}
          reference={reference.data}
          saving={update.isPending || update.isSuccess}
          fixedOrganisationId={ownOrganisation(profile)}
          ownAccount={isOwnAccount(state.user, profile)}
          onSubmit={(attributes) => save(state.user, attributes)}
          onRefused={setMessage}
          onCancel={() => void navigate(paths.admin.users)}
        />
      )}
    </>
  );
};
