import type { UserQuery } from '../hooks/use-user-list';

/** The users' query keys (TanStack Query), in one place: a write invalidates by these. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserQuery, cursor: string | undefined) =>
    [...userKeys.lists(), query, cursor ?? null] as const,
  reference: (what: 'organisations' | 'all') => [...userKeys.all, 'reference', what] as const,
};
