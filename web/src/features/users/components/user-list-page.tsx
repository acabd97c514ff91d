import type { Role, UserListItem, UserStatus } from '@ccsc/contract';
import { ROLES, userListQuerySchema, userStatusSchema } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { CsvExportButton } from '../../../components/csv-export-button';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config';
import { callApi } from '../../../lib/api';
import { formatDisplayDate } from '../../../lib/dates';
import { getProfile } from '../../../lib/session';
import { organisationNames, useReferenceData } from '../hooks/use-reference-data';
import { type UserQuery, useUserList } from '../hooks/use-user-list';
import { messageOfError, type SavedState } from '../utils/save-user';
import {
  canManageUsers,
  filterableRoles,
  isScoped,
  ownOrganisation,
  type RowAction,
  rowActions,
} from '../utils/user-actions';
import { UserRowActions } from './user-row-actions';

type Sort = NonNullable<UserQuery['sort']>;
const COLUMNS = [
  { key: 'email', label: 'users.columns.email' },
  { key: 'name', label: 'users.columns.name' },
  { key: 'role', label: 'users.columns.role' },
  { key: 'organisation', label: 'users.columns.organisation' },
  { key: 'status', label: 'users.columns.status' },
  { key: 'mfa', label: 'users.columns.mfa' },
  { key: 'createdAt', label: 'users.columns.createdAt' },
  { key: 'updatedAt', label: 'users.columns.updatedAt' },
] as const satisfies readonly { key: Sort | 'mfa'; label: `users.columns.${string}` }[];

const STATUS_BADGE: Record<UserStatus, string> = {
  ENABLED: 'text-bg-success',
  DISABLED: 'text-bg-secondary',
  LOCKED: 'text-bg-danger',
  FORCE_CHANGE_PASSWORD: 'text-bg-info',
  MFA_NOT_ENROLLED: 'text-bg-warning',
};

/** Actions that ask first, naming the user. */
const CONFIRMED: Partial<Record<RowAction, 'disable' | 'delete' | 'resetMfa'>> = {
  disable: 'disable',
  delete: 'delete',
  resetMfa: 'resetMfa',
};

const OPERATION = {
  enable: 'enable-user',
  unlock: 'enable-user',
  disable: 'disable-user',
  delete: 'delete-user',
  resetMfa: 'reset-user-mfa',
  resendInvitation: 'resend-invitation',
} as const;

type Notice = { kind: 'success' | 'danger'; text: string } | null;

/** The search as the server takes it (the contract's rule), or null when it would refuse it. */
const searchSchema = userListQuerySchema.shape.search;
const validSearch = (text: string): string | undefined | null => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return searchSchema.safeParse(trimmed).success ? trimmed : null;
};

const nameOf = (u: UserListItem) =>
  [u.givenName, u.familyName].filter(Boolean).join(' ') || u.email;

/** An Auditor with no organisation reads every organisation (issue 12): said so, not left blank. */
const readsEveryOrganisation = (u: UserListItem) =>
  u.role === 'Auditor' && u.organisationId === null;

/** The user list (SPEC §2 /admin/user-management): find, filter, sort, page, act, export. */
export const UserListPage = () => {
  const { t, i18n } = useTranslation();
  const { productName } = useRuntimeConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const profile = getProfile();
  const list = useUserList();
  const reference = useReferenceData('organisations');
  const names = organisationNames(reference.status === 'ready' ? reference.data : null);
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<{ action: RowAction; user: UserListItem } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(() => {
    const saved = location.state as SavedState | null;
    if (!saved?.saved) return null;
    const text = saved.emailChanged
      ? `${t('users.saved')}. ${t('users.form.emailChange')}`
      : t('users.saved');
    return { kind: 'success', text };
  });
  const { query, setQuery } = list;
  const language = i18n.resolvedLanguage ?? 'en';
  const searched = validSearch(search);
  // A scoped caller (OrgAdmin, Auditor of one organisation) sees their organisation only.
  const own = ownOrganisation(profile);

  // The message of a save is shown once: a reload of the list does not repeat it.
  const cameWithState = location.state !== null;
  const { pathname, search: locationSearch } = location;
  useEffect(() => {
    if (cameWithState) {
      void navigate({ pathname, search: locationSearch }, { replace: true, state: null });
    }
  }, [cameWithState, pathname, locationSearch, navigate]);

  // The search box applies itself once typing pauses, and only what the server accepts.
  useEffect(() => {
    if (searched === null) return;
    const timer = setTimeout(() => {
      if (query.search !== searched) setQuery({ ...query, search: searched });
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [searched, query, setQuery]);

  const setFilter = (patch: Partial<UserQuery>) => {
    setQuery({ ...query, ...patch });
  };

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
    setBusy(true);
    setNotice(null);
    // The last row of a later page deleted: that page is gone, show the one before.
    let back = false;
    try {
      await callApi(OPERATION[action], { userName: user.userName, userRole: user.role });
      setNotice({
        kind: 'success',
        text: `${t('users.saved')}: ${t(`users.done.${action}`, { email: user.email })}`,
      });
      back = action === 'delete' && list.users.length === 1 && list.hasPrevious;
    } catch (err) {
      setNotice({ kind: 'danger', text: messageOfError(err, t('users.actionFailed')) });
    } finally {
      setBusy(false);
      if (back) list.previous();
      else list.reload();
    }
  };

  const choose = (action: RowAction, user: UserListItem) => {
    if (CONFIRMED[action] !== undefined) setPending({ action, user });
    else void run(action, user);
  };

  const confirmKind = pending === null ? undefined : CONFIRMED[pending.action];

  let body;
  if (list.initialLoading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (list.error !== null && !list.loading) {
    body = (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
        <span className="me-auto">{messageOfError(list.error, t('users.loadFailed'))}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={list.reload}>
          {t('users.retry')}
        </button>
      </div>
    );
  } else if (list.users.length === 0 && !list.loading) {
    body = (
      <p className="alert alert-secondary" role="status">
        {t('users.empty')}
      </p>
    );
  } else {
    body = (
      <div className="table-responsive">
        <table
          className={`table table-hover align-middle${list.loading ? ' opacity-50' : ''}`}
          aria-label={t('users.tableCaption')}
          aria-busy={list.loading}
        >
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const label = t(column.label);
                if (column.key === 'mfa') return <th key={column.key}>{label}</th>;
                const sorted = (query.sort ?? 'email') === column.key;
                const order = sorted
                  ? query.order === 'desc'
                    ? 'descending'
                    : 'ascending'
                  : 'none';
                const key = column.key;
                return (
                  <th key={key} aria-sort={order}>
                    <button
                      type="button"
                      className="btn btn-link p-0 text-reset fw-semibold text-decoration-none"
                      aria-label={t('users.sortBy', { column: label })}
                      onClick={() => {
                        sortBy(key);
                      }}
                    >
                      {label}
                      {sorted ? (order === 'descending' ? ' ▼' : ' ▲') : ''}
                    </button>
                  </th>
                );
              })}
              <th>
                <span className="visually-hidden">{t('users.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.users.map((user) => (
              <tr key={user.userName} data-testid={`user-row-${user.email}`}>
                <td className="text-break">{user.email}</td>
                <td>{nameOf(user)}</td>
                <td>{user.role ? t(`users.roles.${user.role}`) : '—'}</td>
                <td>
                  {user.organisationId
                    ? (names.get(user.organisationId) ?? user.organisationId)
                    : readsEveryOrganisation(user)
                      ? t('users.everyOrganisation')
                      : t('users.noOrganisation')}
                </td>
                <td>
                  <span className={`badge ${STATUS_BADGE[user.status]}`}>
                    {t(`users.status.${user.status}`)}
                  </span>
                </td>
                <td>{user.mfaEnrolled ? t('users.mfaEnrolled') : t('users.mfaMissing')}</td>
                <td className="text-nowrap">{formatDisplayDate(user.createdAt, language)}</td>
                <td className="text-nowrap">{formatDisplayDate(user.updatedAt, language)}</td>
                <td className="text-end">
                  <UserRowActions
                    user={user}
                    actions={rowActions(user, profile)}
                    busy={busy}
                    onAction={choose}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
            })
          }
        />
      </div>
      <div aria-live="polite">
        {notice && (
          <div
            className={`alert alert-${notice.kind}`}
            role={notice.kind === 'danger' ? 'alert' : 'status'}
          >
            {notice.text}
          </div>
        )}
      </div>
      <form
        className="row g-2 mb-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <div className="col-md-4">
          <label className="form-label" htmlFor="users-search">
            {t('users.searchLabel')}
          </label>
          <input
            id="users-search"
            type="search"
            className={`form-control${searched === null ? ' is-invalid' : ''}`}
            placeholder={t('users.searchPlaceholder')}
            maxLength={128}
            value={search}
            aria-invalid={searched === null ? true : undefined}
            aria-describedby={searched === null ? 'users-search-problem' : undefined}
            onChange={(e) => {
              setSearch(e.target.value);
            }}
          />
          {searched === null && (
            <div id="users-search-problem" className="invalid-feedback">
              {t('users.searchInvalid')}
            </div>
          )}
        </div>
        <div className="col-md-3">
          <label className="form-label" htmlFor="users-status">
            {t('users.statusFilter')}
          </label>
          <select
            id="users-status"
            className="form-select"
            value={query.status ?? ''}
            onChange={(e) => {
              setFilter({ status: (e.target.value || undefined) as UserStatus | undefined });
            }}
          >
            <option value="">{t('users.any')}</option>
            {userStatusSchema.options.map((status) => (
              <option key={status} value={status}>
                {t(`users.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-2">
          <label className="form-label" htmlFor="users-role">
            {t('users.roleFilter')}
          </label>
          <select
            id="users-role"
            className="form-select"
            value={query.role ?? ''}
            onChange={(e) => {
              setFilter({ role: (e.target.value || undefined) as Role | undefined });
            }}
          >
            <option value="">{t('users.any')}</option>
            {filterableRoles(ROLES, profile).map((role) => (
              <option key={role} value={role}>
                {t(`users.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        {!isScoped(profile) && (
          <div className="col-md-3">
            <label className="form-label" htmlFor="users-organisation">
              {t('users.organisationFilter')}
            </label>
            <select
              id="users-organisation"
              className="form-select"
              value={query.organisationId ?? ''}
              onChange={(e) => {
                setFilter({ organisationId: e.target.value || undefined });
              }}
            >
              <option value="">{t('users.any')}</option>
              {[...names].map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
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
      {(list.hasNext || list.hasPrevious) && (
        <nav aria-label={t('users.paging')} className="d-flex align-items-center gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!list.hasPrevious || list.loading}
            onClick={list.previous}
          >
            {t('users.previous')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!list.hasNext || list.loading}
            onClick={list.next}
          >
            {t('users.next')}
          </button>
        </nav>
      )}
      <AppModal
        show={pending !== null}
        title={confirmKind ? t(`users.confirm.${confirmKind}Title`) : ''}
        onCancel={() => {
          setPending(null);
        }}
        onConfirm={() => {
          if (pending) void run(pending.action, pending.user);
          setPending(null);
        }}
        confirmLabel={pending ? t(`users.actions.${pending.action}`) : ''}
      >
        {pending && confirmKind
          ? t(`users.confirm.${confirmKind}`, {
              name: nameOf(pending.user),
              email: pending.user.email,
            })
          : null}
      </AppModal>
    </>
  );
};
