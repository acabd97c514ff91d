import type { Notification } from '@ccsc/contract/notifications';
import type { StoredNotification } from '../core/ports/notifications';

/** A stored notification as the console's calls answer it (the contract's shape, nothing more). */
export const toNotification = (n: StoredNotification): Notification => ({
  notificationId: n.notificationId,
  eventId: n.eventId,
  kind: n.kind,
  at: n.at,
  read: n.read,
  organisationId: n.organisationId,
  organisationName: n.organisationName,
  subject: n.subject,
  counterpart: n.counterpart,
  reason: n.reason,
});
