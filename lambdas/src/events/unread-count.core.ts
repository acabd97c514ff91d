import type { notificationRoutes as routes } from '@ccsc/contract/notifications';
import type { Core } from '../core/request';
import type { NotificationDeps } from './list-notifications.core';

/** notifications/unread-count: the caller's unread count, one item read (the header's bell). */
export const unreadCount: Core<
  (typeof routes)['notifications/unread-count'],
  NotificationDeps
> = async (_input, ctx, deps) => ({ unread: await deps.notifications.unread(ctx.caller.userName) });
