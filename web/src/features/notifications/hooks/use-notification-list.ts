import type { Notification } from '@ccsc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { pageParams } from '../../../lib/use-list-query';
import { type NotificationQuery, notificationKeys } from '../api/keys';

interface NotificationPage {
  items: readonly Notification[];
  /** How many of the user's notifications are unread, as the page's answer counted them. */
  unread: number;
}

/**
 * The signed-in user's notifications, newest first, a page at a time (all, or the unread), as
 * `useListQuery` gives a list screen its rows. Each page's answer carries the unread count too:
 * the bell takes it, so that the list and the bell never disagree.
 */
export const useNotificationList = (initial: NotificationQuery) => {
  const client = useQueryClient();
  const loadPage = async (query: NotificationQuery, cursor: string | undefined) => {
    const { notifications, nextCursor, unread } = await callApi('notifications/list', {
      ...query,
      ...pageParams(cursor),
    });
    client.setQueryData(notificationKeys.unreadCount(), { unread });
    return { page: { items: notifications, unread } satisfies NotificationPage, nextCursor };
  };
  const pages = useCursorPages(notificationKeys.list, loadPage, initial);
  return {
    ...pages,
    initialLoading: pages.loading && pages.lastPage === null,
    items: pages.lastPage?.items ?? ([] as readonly Notification[]),
    /** Null until a page has answered. */
    unread: pages.lastPage?.unread ?? null,
  };
};
