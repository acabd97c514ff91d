import type { UserAttributes, UserListItem } from '@ccsc/lambdas/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api';
import { getProfile } from '../../../lib/session';
import { useReferenceData } from '../hooks/use-reference-data';
import { problemsOfError } from '../utils/save-user';
import { type FieldProblems, formOf } from '../utils/user-form-values';
import { UserForm } from './user-form';

type Loaded =
  { status: 'loading' } | { status: 'ready'; user: UserListItem } | { status: 'missing' };

/** Only what changed is sent: absent keeps, and the server records only real changes. */
const changesOf = (before: UserListItem, after: UserAttributes): Partial<UserAttributes> => {
  const changes: Partial<UserAttributes> = {};
  if (after.email !== before.email) changes.email = after.email;
  if (after.givenName !== before.givenName) changes.givenName = after.givenName;
  if (after.familyName !== before.familyName) changes.familyName = after.familyName;
  if ((after.phoneNumber ?? null) !== before.phoneNumber && after.phoneNumber !== undefined) {
    changes.phoneNumber = after.phoneNumber;
  }
  if (after.role !== before.role) changes.role = after.role;
  if ((after.organisationId ?? null) !== before.organisationId && after.organisationId) {
    changes.organisationId = after.organisationId;
  }
  return changes;
};

/** Edit a user (SPEC §2): /admin/user-management/edit-user?userName=<sub>&email=<address>. */
export const EditUserPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userName = params.get('userName') ?? '';
  const email = params.get('email') ?? '';
  const profile = getProfile();
  const reference = useReferenceData('all');
  const [loaded, setLoaded] = useState<Loaded>(
    userName === '' || email === '' ? { status: 'missing' } : { status: 'loading' },
  );
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    if (userName === '' || email === '') return;
    callApi('list-all-users', { search: email, limit: 60 }).then(
      ({ users }) => {
        const user = users.find((u) => u.userName === userName);
        if (current) setLoaded(user ? { status: 'ready', user } : { status: 'missing' });
      },
      () => {
        if (current) setLoaded({ status: 'missing' });
      },
    );
    return () => {
      current = false;
    };
  }, [userName, email]);

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
      void navigate(paths.admin.users, { state: { saved: true } });
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
      {(loaded.status === 'loading' || reference.status === 'loading') && (
        <LoadingIndicator className="my-4" />
      )}
      {loaded.status === 'missing' && (
        <div className="alert alert-danger" role="alert">
          {t('users.form.notFound')}
        </div>
      )}
      {reference.status === 'failed' && (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="me-auto">{t('users.form.loadFailed')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={reference.retry}>
            {t('users.retry')}
          </button>
        </div>
      )}
      {loaded.status === 'ready' && reference.status === 'ready' && (
        <UserForm
          mode="edit"
          initial={formOf(loaded.user, reference.data.dialCodes)}
          reference={reference.data}
          serverProblems={serverProblems}
          saving={saving}
          fixedOrganisationId={
            profile?.role === 'OrgAdmin' ? (profile.organisationId ?? null) : null
          }
          onSubmit={(attributes) => void save(loaded.user, attributes)}
          onCancel={() => void navigate(paths.admin.users)}
        />
      )}
    </>
  );
};
