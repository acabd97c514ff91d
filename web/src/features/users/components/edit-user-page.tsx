import type { RequestOf, UserAttributes, UserListItem } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi, isRefusal } from '../../../lib/api';
import { getProfile } from '../../../lib/session';
import { useReferenceData } from '../hooks/use-reference-data';
import { problemsOfError, type SavedState } from '../utils/save-user';
import { type FieldProblems, formOf } from '../utils/user-form-values';
import { canManageUsers, isOwnAccount, ownOrganisation } from '../utils/user-actions';
import { NotAllowed } from './not-allowed';
import { UserForm } from './user-form';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; user: UserListItem }
  | { status: 'missing' }
  | { status: 'failed' };

type Changes = RequestOf<'update-user'>['userAttributes'];

/** Only what changed is sent: absent keeps, and the server records only real changes. */
const changesOf = (before: UserListItem, after: UserAttributes): Changes => {
  const changes: Changes = {};
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
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; result: Loaded } | null>(null);
  const key = JSON.stringify([userName, email, attempt]);
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const [message, setMessage] = useState<string | null>(null);

  // There is no get-user call: the user is the row of that username among those whose e-mail
  // starts with the address the list passed along (the exact address sorts first).
  useEffect(() => {
    let current = true;
    if (userName === '' || email === '') return;
    callApi('list-all-users', { search: email, limit: 60 }).then(
      ({ users }) => {
        const user = users.find((u) => u.userName === userName);
        if (current) {
          setLoaded({ key, result: user ? { status: 'ready', user } : { status: 'missing' } });
        }
      },
      (err: unknown) => {
        // A refusal (404, 400) means the user is not there for this caller; anything else may pass.
        if (current) setLoaded({ key, result: { status: isRefusal(err) ? 'missing' : 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [userName, email, key]);

  const state: Loaded =
    userName === '' || email === ''
      ? { status: 'missing' }
      : loaded?.key === key
        ? loaded.result
        : { status: 'loading' };

  const save = async (user: UserListItem, attributes: UserAttributes) => {
    const changes = changesOf(user, attributes);
    if (Object.keys(changes).length === 0) {
      setMessage(t('users.form.nothingChanged'));
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      await callApi('update-user', { userName: user.userName, userAttributes: changes });
      const saved: SavedState = { saved: true, emailChanged: changes.email !== undefined };
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
            setAttempt((n) => n + 1);
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
          serverProblems={serverProblems}
          saving={saving}
          fixedOrganisationId={ownOrganisation(profile)}
          ownAccount={isOwnAccount(state.user, profile)}
          onSubmit={(attributes) => void save(state.user, attributes)}
          onCancel={() => void navigate(paths.admin.users)}
        />
      )}
    </>
  );
};
