import type { ListQuery } from '../../../lib/list-query';

/** The notification list's filter as the address and the list call name it (`unread=true`). */
export type NotificationQuery = ListQuery<'notifications/list'>;

/**
 * The notification centre's query keys (TanStack Query), in one place. Everything under `all`, so
 * that a write (mark read, mark all read) refreshes the bell's count and every list page at once.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The header bell's unread count (hooks/use-unread-count.ts). */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: NotificationQuery, cursor: string | undefined) =>
    [...notificationKeys.lists(), query, cursor ?? null] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};
