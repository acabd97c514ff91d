import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BellIcon } from '../../../components/icons/layout-icons';
import { notificationPaths } from '../../../config/notification-paths';
import { useUnreadCount } from '../hooks/use-unread-count';

/** More than this shows as "99+": the badge keeps its width. */
const MOST_SHOWN = 99;

/**
 * The header's bell (issue 35): a link to the notification list, named with the unread count
 * ("Notifications: 3 unread"), the count drawn as a badge over the bell's corner. The badge is
 * placed absolutely and the link keeps its size and margin whether or not there is a figure, so
 * that a count arriving, changing or going never moves the header or the page.
 */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  const label =
    unread === null
      ? t('notifications.bell.label')
      : t('notifications.bell.labelWithCount', { count: unread });
  return (
    <Link
      to={notificationPaths.list}
      className="btn btn-outline-light position-relative me-2"
      aria-label={label}
      title={label}
      aria-current={pathname === notificationPaths.list ? 'page' : undefined}
    >
      <BellIcon />
      {unread !== null && unread > 0 && (
        // Said by the link's name; the badge is what the eye reads.
        <span
          className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-danger"
          aria-hidden="true"
          data-testid="unread-badge"
        >
          {unread > MOST_SHOWN ? `${String(MOST_SHOWN)}+` : unread}
        </span>
      )}
    </Link>
  );
};
