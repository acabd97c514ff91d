/**
 * The notification centre's screens, loaded together as one chunk (app/notification-routes.tsx).
 * The header's bell is not here: it is part of the private layout's chunk, shown on every screen.
 */
export { NotificationListPage } from './components/notification-list-page';
export { NotificationPreferencesPage } from './components/notification-preferences-page';
