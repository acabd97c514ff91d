import type { Notification } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subjectPathOf } from '../utils/notification-links';
import { formatDateTime } from '../../../lib/dates';
import { reasonOf, titleOf } from '../utils/notification-text';

interface NotificationItemProps {
  notification: Notification;
  /** Marks it read (the button, and following its link while unread). */
  onMarkRead: (notification: Notification) => void;
  /** A mark read of this one is on its way: its button waits. */
  marking: boolean;
}

/**
 * One notification in the list: unread ones say so in words (a badge) as well as in weight, what
 * happened, a link to what it is about, who the other side was, for which organisation, the
 * reason where there is one, and when. Following the link marks it read, as does its button.
 */
export const NotificationItem = ({ notification, onMarkRead, marking }: NotificationItemProps) => {
  const { t, i18n } = useTranslation();
  const { subject, counterpart, read, at } = notification;
  const title = titleOf(t, notification);
  const path = subjectPathOf(notification);
  const reason = reasonOf(t, notification);
  const details = [
    counterpart === null ? null : t('notifications.list.counterpart', { name: counterpart.name }),
    t('notifications.list.organisation', { name: notification.organisationName }),
    reason === null ? null : t('notifications.list.reason', { reason }),
  ].filter((part): part is string => part !== null);

  return (
    <li className="list-group-item py-3" data-testid="notification">
      <div className="d-flex flex-wrap justify-content-between column-gap-3 row-gap-1">
        <p className={`mb-1 text-break${read ? '' : ' fw-semibold'}`}>
          {!read && (
            <span className="badge text-bg-primary me-2">{t('notifications.list.unread')}</span>
          )}
          {title}
        </p>
        <p className="mb-1 small text-body-secondary text-nowrap">
          <time dateTime={at}>{formatDateTime(at, i18n.language)}</time>
        </p>
      </div>
      <p className="mb-1 text-break">
        {path === null ? (
          subject.name
        ) : (
          <Link
            to={path}
            onClick={() => {
              if (!read) onMarkRead(notification);
            }}
          >
            {subject.name}
          </Link>
        )}
      </p>
      <p className="mb-0 small text-body-secondary text-break">{details.join(' · ')}</p>
      {!read && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary mt-2"
          aria-label={t('notifications.list.markReadOf', { title, name: subject.name })}
          disabled={marking}
          onClick={() => {
            onMarkRead(notification);
          }}
        >
          {t('notifications.list.markRead')}
        </button>
      )}
    </li>
  );
};
