import type { Role, UserStatus } from '@ccsc/contract';
import { INVITATION_FILTERS, ROLES, userListQuerySchema, userStatusSchema } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredProfile } from '../../../lib/session';
import type { UserQuery } from '../hooks/use-user-list';
import { filterableRoles, isScoped } from '../utils/user-actions';

/** The search as the server takes it (the contract's rule), or null when it would refuse it. */
const searchSchema = userListQuerySchema.shape.search;
const validSearch = (text: string): string | undefined | null => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return searchSchema.safeParse(trimmed).success ? trimmed : null;
};

interface UserFiltersProps {
  query: UserQuery;
  onChange: (query: UserQuery) => void;
  profile: StoredProfile | null;
  /** Organisation names by id, for the organisation filter. */
  names: ReadonlyMap<string, string>;
}

/**
 * The user list's search and filters (status, role, organisation, invitation). The search box
 * applies itself once typing pauses, and only what the server accepts (saying why otherwise); a
 * scoped caller is offered no PlatformAdmin and no organisation filter.
 */
export const UserFilters = ({ query, onChange, profile, names }: UserFiltersProps) => {
  const { t } = useTranslation();
  // The search the list began with (a link's) is the text shown at first.
  const [search, setSearch] = useState(query.search ?? '');
  const searched = validSearch(search);

  useEffect(() => {
    if (searched === null) return;
    const timer = setTimeout(() => {
      if (query.search !== searched) onChange({ ...query, search: searched });
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [searched, query, onChange]);

  const setFilter = (patch: Partial<UserQuery>) => {
    onChange({ ...query, ...patch });
  };

  return (
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
      <div className="col-md-2">
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
      <div className="col-md-2">
        <label className="form-label" htmlFor="users-invitation">
          {t('users.invitationFilter')}
        </label>
        <select
          id="users-invitation"
          className="form-select"
          value={query.invitation ?? ''}
          onChange={(e) => {
            setFilter({ invitation: INVITATION_FILTERS.find((i) => i === e.target.value) });
          }}
        >
          <option value="">{t('users.any')}</option>
          {INVITATION_FILTERS.map((invitation) => (
            <option key={invitation} value={invitation}>
              {t(`users.invitation.${invitation}`)}
            </option>
          ))}
        </select>
      </div>
      {!isScoped(profile) && (
        <div className="col-md-2">
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
  );
};
