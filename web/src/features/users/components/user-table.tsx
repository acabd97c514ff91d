import type { UserListItem, UserStatus } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { formatDisplayDate } from '../../../lib/dates';
import type { StoredProfile } from '../../../lib/session';
import type { UserQuery } from '../hooks/use-user-list';
import { type RowAction, rowActions } from '../utils/user-actions';
import { nameOf, readsEveryOrganisation } from '../utils/user-display';
import { UserRowActions } from './user-row-actions';

export type Sort = NonNullable<UserQuery['sort']>;

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

interface UserTableProps {
  users: readonly UserListItem[];
  /** The sorting shown in the headers. */
  query: UserQuery;
  onSort: (key: Sort) => void;
  /** Organisation names by id. */
  names: ReadonlyMap<string, string>;
  profile: StoredProfile | null;
  /** The next page or query is loading: the rows stay, marked busy. */
  loading: boolean;
  /** A row action is under way: the menus wait. */
  busy: boolean;
  onAction: (action: RowAction, user: UserListItem) => void;
}

/** The user list's table: sortable columns, and each row's menu of what the caller may do. */
export const UserTable = ({
  users,
  query,
  onSort,
  names,
  profile,
  loading,
  busy,
  onAction,
}: UserTableProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <ListTable
      label={t('users.tableCaption')}
      loading={loading}
      head={
        <>
          {COLUMNS.map((column) => {
            const label = t(column.label);
            if (column.key === 'mfa') return <th key={column.key}>{label}</th>;
            const sorted = (query.sort ?? 'email') === column.key;
            const order = sorted ? (query.order === 'desc' ? 'descending' : 'ascending') : 'none';
            const key = column.key;
            return (
              <th key={key} aria-sort={order}>
                <button
                  type="button"
                  className="btn btn-link p-0 text-reset fw-semibold text-decoration-none"
                  aria-label={t('users.sortBy', { column: label })}
                  onClick={() => {
                    onSort(key);
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
        </>
      }
    >
      {users.map((user) => (
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
              onAction={onAction}
            />
          </td>
        </tr>
      ))}
    </ListTable>
  );
};
