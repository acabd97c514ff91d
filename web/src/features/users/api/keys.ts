import type { UserQuery } from '../hooks/use-user-list';

/** The users' query keys (TanStack Query), in one place: a write invalidates by these. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserQuery, cursor: string | undefined) =>
    [...userKeys.lists(), query, cursor ?? null] as const,
  /** One user, looked up for the edit form by user name among those matching the address. */
  users: () => [...userKeys.all, 'user'] as const,
  user: (userName: string, email: string) => [...userKeys.users(), userName, email] as const,
  reference: (what: 'organisations' | 'all') => [...userKeys.all, 'reference', what] as const,
};
