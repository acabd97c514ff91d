import { notificationRoutes as routes } from '@ccsc/contract/notifications';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { declareOperation as op } from '../core/operation';
import * as list from './list-notifications.core';
import * as mark from './mark-read.core';
import * as prefs from './notification-preferences.core';
import * as partner from './partner-events.core';
import * as unread from './unread-count.core';

// Events and notifications (issue 35): one line each. The console's calls read and write the
// caller's own notifications partition only; the partner feed reads its organisation's events.
export const notificationsList = /* @__PURE__ */ op(
  routes,
  'notifications/list',
  list.listNotifications,
  'notifications',
  ['notifications.read'],
);
export const notificationsUnreadCount = /* @__PURE__ */ op(
  routes,
  'notifications/unread-count',
  unread.unreadCount,
  'notifications',
  ['notifications.read'],
);
export const notificationsMarkRead = /* @__PURE__ */ op(
  routes,
  'notifications/mark-read',
  mark.markRead,
  'notifications',
  ['notifications.write'],
);
export const notificationsMarkAllRead = /* @__PURE__ */ op(
  routes,
  'notifications/mark-all-read',
  mark.markAllRead,
  'notifications',
  ['notifications.write'],
);
export const notificationsPreferences = /* @__PURE__ */ op(
  routes,
  'notifications/preferences',
  prefs.getPreferences,
  'notifications',
  ['notifications.read'],
);
export const notificationsUpdatePreferences = /* @__PURE__ */ op(
  routes,
  'notifications/update-preferences',
  prefs.updatePreferences,
  'notifications',
  ['notifications.write'],
);
export const partnerEvents = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-events',
  partner.partnerEvents,
  'feed',
  ['events.read'],
);
