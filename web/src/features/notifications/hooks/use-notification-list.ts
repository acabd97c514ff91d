import type { Notification } from '@ccsc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pageParams, useListQuery } from '../../../lib/use-list-query';
import { type NotificationQuery, notificationKeys } from '../api/keys';

/**
 * The signed-in user's notifications, newest first, a page at a time (all, or the unread). Each
 * page's answer carries the unread count too: the bell takes it (hooks/use-unread-count.ts), so
 * that the list and the bell never disagree.
 */
export const useNotificationList = (initial: NotificationQuery) => {
  const client = useQueryClient();
  const loadPage = async (query: NotificationQuery, cursor: string | undefined) => {
    const { notifications, nextCursor, unread } = await callApi('notifications/list', {
      ...query,
      ...pageParams(cursor),
    });
    client.setQueryData(notificationKeys.unreadCount(), { unread });
    return { page: { items: notifications }, nextCursor };
  };
  return useListQuery<NotificationQuery, Notification>(notificationKeys.list, loadPage, initial);
};
