import type { notificationRoutes as routes } from '@ccsc/contract/notifications';
import type { Core } from '../core/request';
import type { NotificationStore } from '../core/ports/notifications';
import { toNotification } from './notification-view';

export interface NotificationDeps {
  notifications: NotificationStore;
}

/** How many a page holds when the caller does not say. */
export const NOTIFICATIONS_PAGE = 50;

/**
 * notifications/list: the caller's own notifications, newest first (one Query of their
 * partition), with the unread count (one item read beside it).
 */
export const listNotifications: Core<
  (typeof routes)['notifications/list'],
  NotificationDeps
> = async (input, ctx, deps) => {
  const [page, unread] = await Promise.all([
    deps.notifications.list(ctx.caller.userName, {
      limit: input.limit ?? NOTIFICATIONS_PAGE,
      cursor: input.cursor ?? null,
      unreadOnly: input.unread === 'true',
    }),
    deps.notifications.unread(ctx.caller.userName),
  ]);
  return {
    notifications: page.notifications.map(toNotification),
    nextCursor: page.nextCursor,
    unread,
  };
};
