import type { UserListItem } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button';
import { FilterChips } from '../../../components/filter-bar';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { Pager } from '../../../components/pager';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config';
import { callApi } from '../../../lib/api';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useUserAction } from '../api/user-writes';
import { organisationNames, useReferenceData } from '../hooks/use-reference-data';
import { useUserList } from '../hooks/use-user-list';
import type { SavedState } from '../utils/save-user';
import { canManageUsers, isScoped, ownOrganisation, type RowAction } from '../utils/user-actions';
import { asksFirst, type PendingAction, UserActionDialog } from './user-action-dialog';
import { UserFilters } from './user-filters';
import { type Sort, UserTable } from './user-table';

/**
 * The user list (SPEC §2 /admin/user-management): find, filter, sort, page, act, export. The
 * filters and the sort live in the address under list-all-users' names (lib/list-query.ts), so a
 * link — the dashboard's locked accounts (`?status=LOCKED`), expiring invitations
 * (`?invitation=expiring`) — opens the list it counted; an organisation the caller has no filter
 * for shows as a removable chip.
 */
export const UserListPage = () => {
  const { t } = useTranslation();
  const { productName } = useRuntimeConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const profile = getProfile();
  const address = useAddressQuery('list-all-users');
  const list = useUserList(address.query);
  useListFollowsAddress('list-all-users', list, address.query);
  const reference = useReferenceData('organisations');
  const names = organisationNames(reference.status === 'ready' ? reference.data : null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const userAction = useUserAction();
  const busy = userAction.isPending;
  const [notice, setNotice] = useState<Notice | null>(() => {
    const saved = location.state as SavedState | null;
    if (!saved?.saved) return null;
    const text = saved.emailChanged
      ? `${t('users.saved')}. ${t('users.form.emailChange')}`
      : t('users.saved');
    return { kind: 'success', text };
  });
  const { query, setQuery } = address;
  // A scoped caller (OrgAdmin, Auditor of one organisation) sees their organisation only.
  const own = ownOrganisation(profile);
  const organisationChip =
    isScoped(profile) && query.organisationId !== undefined
      ? t('users.chip.organisationId', {
          name: names.get(query.organisationId) ?? query.organisationId,
        })
      : null;

  // The message of a save is shown once: a reload of the list does not repeat it.
  const cameWithState = location.state !== null;
  const { pathname, search: locationSearch } = location;
  useEffect(() => {
    if (cameWithState) {
      void navigate({ pathname, search: locationSearch }, { replace: true, state: null });
    }
  }, [cameWithState, pathname, locationSearch, navigate]);

  const sortBy = (key: Sort) => {
    const order = query.sort === key && query.order !== 'desc' ? 'desc' : 'asc';
    setQuery({ ...query, sort: key, order });
  };

  const run = async (action: RowAction, user: UserListItem) => {
    if (action === 'edit') {
      void navigate(
        `${paths.admin.editUser}?userName=${encodeURIComponent(user.userName)}&email=${encodeURIComponent(user.email)}`,
      );
      return;
    }
    // Not offered for a user without a role (user-actions.ts): userRole has to name it.
    if (user.role === null) return;
    setNotice(null);
    // The last row of a later page deleted: that page is gone, show the one before.
    let back = false;
    try {
      await userAction.mutateAsync({ action, userName: user.userName, userRole: user.role });
      setNotice({
        kind: 'success',
        text: `${t('users.saved')}: ${t(`users.done.${action}`, { email: user.email })}`,
      });
      back = action === 'delete' && list.users.length === 1 && list.hasPrevious;
    } catch (err) {
      setNotice({ kind: 'danger', text: messageOfError(err, t('users.actionFailed')) });
    } finally {
      if (back) list.previous();
      else list.reload();
    }
  };

  const choose = (action: RowAction, user: UserListItem) => {
    if (asksFirst(action)) setPending({ action, user });
    else void run(action, user);
  };

  let body;
  if (list.initialLoading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (list.error !== null && !list.loading) {
    body = (
      <RetryAlert
        message={messageOfError(list.error, t('users.loadFailed'))}
        retryLabel={t('users.retry')}
        onRetry={list.reload}
      />
    );
  } else if (list.users.length === 0 && !list.loading) {
    body = (
      <p className="alert alert-secondary" role="status">
        {t('users.empty')}
      </p>
    );
  } else {
    body = (
      <UserTable
        users={list.users}
        query={query}
        onSort={sortBy}
        names={names}
        profile={profile}
        loading={list.loading}
        busy={busy}
        onAction={choose}
      />
    );
  }

  return (
    <>
      <ScreenIntro
        heading={t('users.listHeading')}
        description={t('users.listDescription', { product: productName })}
      />
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {canManageUsers(profile) && (
          <Link className="btn btn-primary" to={paths.admin.createUser}>
            {t('users.create')}
          </Link>
        )}
        <CsvExportButton
          run={() =>
            callApi('export-users', {
              search: query.search,
              status: query.status,
              role: query.role,
              organisationId: query.organisationId,
              invitation: query.invitation,
            })
          }
        />
      </div>
      <NoticeArea notice={notice} />
      <UserFilters query={query} onChange={setQuery} profile={profile} names={names} />
      <FilterChips
        label={t('users.linkedFilters')}
        chips={
          organisationChip === null
            ? []
            : [
                {
                  key: 'organisationId',
                  text: organisationChip,
                  removeLabel: t('users.removeChip', { filter: organisationChip }),
                },
              ]
        }
        onRemove={() => {
          setQuery({ ...query, organisationId: undefined });
        }}
      />
      {own && (
        <p className="small text-body-secondary">
          {t(canManageUsers(profile) ? 'users.scopedTo' : 'users.scopedToReader', {
            organisation: names.get(own) ?? own,
          })}
        </p>
      )}
      {list.error === null && list.users.length > 0 && (
        <p className="text-body-secondary small">
          {t('users.showing', { count: list.users.length, total: list.total })}
        </p>
      )}
      {body}
      <Pager label={t('users.paging')} pages={list} />
      <UserActionDialog
        pending={pending}
        onCancel={() => {
          setPending(null);
        }}
        onConfirm={({ action, user }) => {
          void run(action, user);
          setPending(null);
        }}
      />
    </>
  );
};
