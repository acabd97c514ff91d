import { lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { notificationPaths } from '../config/notification-paths';

/**
 * The notification centre's screens (issue 35): the list and the preferences, chosen by path in
 * the private layout's chunk as the registry's are (app/registry-routes.tsx says why: a route in
 * the route table, part of the entry chunk, would cost the login route bytes). The route table
 * still guards these paths (signed in, configuration loaded): they fall to its catch-all route.
 * Both screens are one chunk, loaded on first use.
 */
const screens = () => import('../features/notifications/notification-screens');
const NotificationListPage = lazy(async () => ({
  default: (await screens()).NotificationListPage,
}));
const NotificationPreferencesPage = lazy(async () => ({
  default: (await screens()).NotificationPreferencesPage,
}));

export type NotificationScreen = 'list' | 'preferences';

/** Which notification screen a path is (a trailing slash allowed), or null. */
export const notificationScreenOf = (pathname: string): NotificationScreen | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === notificationPaths.list) return 'list';
  if (path === notificationPaths.preferences) return 'preferences';
  return null;
};

/** The notification screen of the current path, or `otherwise`. */
export const NotificationRoutes = ({ otherwise }: { otherwise: ReactNode }) => {
  const { pathname } = useLocation();
  switch (notificationScreenOf(pathname)) {
    case 'list':
      return <NotificationListPage />;
    case 'preferences':
      return <NotificationPreferencesPage />;
    default:
      return otherwise;
  }
};
