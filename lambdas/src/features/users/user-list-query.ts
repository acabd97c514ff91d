import type * as z from 'zod';
import type { userListQuerySchema } from '@ccsc/contract';
import type { Caller } from '../../core/request';
import type { IndexedUser } from '../../ports/user-index';
import { decide } from '@ccsc/contract/permissions';
import { displayStatus } from '../../accounts/user-index-sync';

export type UserListQuery = z.output<typeof userListQuerySchema>;

/** Whether the caller may see the user at all (permissions.ts's read rule, applied to a row). */
export const visibleTo =
  (caller: Caller) =>
  (user: IndexedUser): boolean =>
    decide({
      actor: {
        userName: caller.userName,
        role: caller.role,
        organisationId: caller.organisationId,
      },
      action: 'read',
      target: user,
    }).allowed;

const startsWith = (value: string | null, prefix: string): boolean =>
  value !== null && value.toLowerCase().startsWith(prefix);

/**
 * The list's filters: `search` matches the start of the e-mail, the given name, the family name
 * or "given family", in any case; the others match exactly (status: the display status).
 */
export const matchesQuery = (query: UserListQuery) => {
  const search = query.search?.trim().toLowerCase() ?? '';
  return (user: IndexedUser): boolean => {
    if (query.role !== undefined && user.role !== query.role) return false;
    if (query.organisationId !== undefined && user.organisationId !== query.organisationId) {
      return false;
    }
    if (query.status !== undefined && displayStatus(user) !== query.status) return false;
    if (search === '') return true;
    return (
      startsWith(user.email, search) ||
      startsWith(user.givenName, search) ||
      startsWith(user.familyName, search) ||
      startsWith(`${user.givenName ?? ''} ${user.familyName ?? ''}`, search)
    );
  };
};
