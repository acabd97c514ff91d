/**
 * The notification centre's screens (issue 35): apart from paths.ts, which the entry chunk carries
 * (the login route's size budget), as the registry's are. Only the private layout's chunk (the
 * bell, app/notification-routes.tsx) and the notification screens use them.
 */
export const notificationPaths = {
  /** Every notification of the signed-in user, newest first; `?unread=true` the unread ones. */
  list: '/admin/notifications',
  /** Which events the user hears of, and how (in the console, by e-mail, in a daily digest). */
  preferences: '/admin/notifications/preferences',
} as const;
