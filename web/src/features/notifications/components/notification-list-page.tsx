import type { Notification } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { notificationPaths } from '../../../config/notification-paths';
import { messageOfError } from '../../../lib/refusals';
import type { NotificationQuery } from '../api/keys';
import { useNotificationList } from '../hooks/use-notification-list';
import { useMarkAllRead, useMarkRead } from '../hooks/use-notification-writes';
import { NotificationItem } from './notification-item';

/** The list's filter as the address carries it: `?unread=true` shows the unread only. */
const queryOf = (params: URLSearchParams): NotificationQuery =>
  params.get('unread') === 'true' ? { unread: 'true' } : {};

/**
 * The notification centre (issue 35, /admin/notifications): the signed-in user's notifications,
 * newest first, all or the unread only (in the address, so that a link or Back keeps it), a page
 * at a time; mark one read, or all; each a link to what it is about; a link to the settings.
 */
export const NotificationListPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = queryOf(params);
  // The filter is the address's: another filter starts the list afresh from its first page.
  return (
    <>
      <ScreenIntro
        heading={t('notifications.list.heading')}
        description={t('notifications.list.description')}
      />
      <NotificationList key={query.unread ?? 'all'} query={query} />
    </>
  );
};

const NotificationList = ({ query }: { query: NotificationQuery }) => {
  const { t } = useTranslation();
  const list = useNotificationList(query);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const [notice, setNotice] = useState<Notice | null>(null);
  const unreadOnly = query.unread === 'true';

  const onMarkRead = (notification: Notification) => {
    setNotice(null);
    markRead.mutate(notification.notificationId, {
      onError: (error) => {
        setNotice({
          kind: 'danger',
          text: messageOfError(error, t('notifications.list.markFailed')),
        });
      },
    });
  };
  const onMarkAllRead = () => {
    setNotice(null);
    markAllRead.mutate(undefined, {
      onSuccess: ({ marked }) => {
        setNotice({ kind: 'success', text: t('notifications.list.allMarked', { count: marked }) });
      },
      onError: (error) => {
        setNotice({
          kind: 'danger',
          text: messageOfError(error, t('notifications.list.markFailed')),
        });
      },
    });
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <nav aria-label={t('notifications.list.show')} className="btn-group">
          <Link
            to={notificationPaths.list}
            className={`btn btn-outline-primary${unreadOnly ? '' : ' active'}`}
            aria-current={unreadOnly ? undefined : 'page'}
          >
            {t('notifications.list.all')}
          </Link>
          <Link
            to={`${notificationPaths.list}?unread=true`}
            className={`btn btn-outline-primary${unreadOnly ? ' active' : ''}`}
            aria-current={unreadOnly ? 'page' : undefined}
          >
            {t('notifications.list.unreadOnly')}
          </Link>
        </nav>
        <button
          type="button"
          className="btn btn-primary"
          disabled={markAllRead.isPending || list.unread === null || list.unread === 0}
          onClick={onMarkAllRead}
        >
          {t('notifications.list.markAllRead')}
        </button>
        <Link to={notificationPaths.preferences} className="ms-sm-auto">
          {t('notifications.list.settings')}
        </Link>
      </div>
      {list.unread !== null && (
        <p className="text-body-secondary small">
          {t('notifications.list.unreadCount', { count: list.unread })}
        </p>
      )}
      <NoticeArea notice={notice} />
      <PagedList
        list={list}
        failure={messageOfError(list.error, t('notifications.list.loadFailed'))}
        retryLabel={t('notifications.list.retry')}
        empty={unreadOnly ? t('notifications.list.emptyUnread') : t('notifications.list.empty')}
        pagingLabel={t('notifications.list.paging')}
      >
        <ul
          className={`list-group mb-3${list.loading ? ' opacity-50' : ''}`}
          aria-label={t('notifications.list.heading')}
          aria-busy={list.loading}
        >
          {list.items.map((notification) => (
            <NotificationItem
              key={notification.notificationId}
              notification={notification}
              onMarkRead={onMarkRead}
              marking={markRead.isPending && markRead.variables === notification.notificationId}
            />
          ))}
        </ul>
      </PagedList>
    </>
  );
};
