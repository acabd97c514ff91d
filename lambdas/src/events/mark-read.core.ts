import type { notificationRoutes as routes } from '@ccsc/contract/notifications';
import { NotFoundError } from '../core/errors';
import type { Core } from '../core/request';
import type { NotificationDeps } from './list-notifications.core';

/**
 * notifications/mark-read: one of the caller's own notifications read (again: the same answer).
 * Another user's is answered like a missing one: the caller's partition is the only one read.
 */
export const markRead: Core<(typeof routes)['notifications/mark-read'], NotificationDeps> = async (
  input,
  ctx,
  deps,
) => {
  const outcome = await deps.notifications.markRead(ctx.caller.userName, input.notificationId);
  if (outcome === 'missing') throw new NotFoundError('You have no such notification.');
  return {
    notificationId: input.notificationId,
    read: true,
    unread: await deps.notifications.unread(ctx.caller.userName),
  };
};

/** notifications/mark-all-read: every notification of the caller's read, by one mark. */
export const markAllRead: Core<
  (typeof routes)['notifications/mark-all-read'],
  NotificationDeps
> = async (_input, ctx, deps) => {
  const marked = await deps.notifications.markAllRead(ctx.caller.userName);
  return { marked, unread: await deps.notifications.unread(ctx.caller.userName) };
};
