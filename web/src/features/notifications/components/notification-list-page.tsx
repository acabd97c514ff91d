import type { Notification } from '@ccsc/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import { type Notice, NoticeArea } from '../../../components/notice-area';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Pager } from '../../../components/pager';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { notificationPaths } from '../../../config/notification-paths';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { messageOfError } from '../../../lib/refusals';
import { useNotificationList } from '../hooks/use-notification-list';
import { useMarkAllRead, useMarkRead } from '../hooks/use-notification-writes';
import { useUnreadCount } from '../hooks/use-unread-count';
import { NotificationItem } from './notification-item';

/**
 * The notification centre (issue 35, /admin/notifications): the signed-in user's notifications,
 * newest first, all or the unread only (in the address under the list call's name, `?unread=true`,
 * as every list's filters are: lib/list-query.ts), a page at a time; mark one read, or all; each a
 * link to what it is about; a link to the settings.
 */
export const NotificationListPage = () => {
  const { t } = useTranslation();
  const id = useId();
  const { query, setQuery } = useAddressQuery('notifications/list');
  const list = useNotificationList(query);
  useListFollowsAddress('notifications/list', list, query);
  const unread = useUnreadCount({ poll: false });
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const [notice, setNotice] = useState<Notice | null>(null);
  const unreadOnly = query.unread === 'true';

  const failed = (error: unknown) => {
    setNotice({ kind: 'danger', text: messageOfError(error, t('notifications.list.markFailed')) });
  };
  const onMarkRead = (notification: Notification) => {
    setNotice(null);
    markRead.mutate(notification.notificationId, { onError: failed });
  };
  const onMarkAllRead = () => {
    setNotice(null);
    markAllRead.mutate(undefined, {
      onSuccess: ({ marked }) => {
        setNotice({ kind: 'success', text: t('notifications.list.allMarked', { count: marked }) });
      },
      onError: failed,
    });
  };

  // What components/paged-list.tsx shows, composed here: PagedList shares its chunk with the
  // search box, which this list has no use for, and importing one without the other split that
  // chunk in two, one more name in the entry chunk (README, "Size budget").
  let body;
  if (list.initialLoading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (list.error !== null && !list.loading) {
    body = (
      <RetryAlert
        message={messageOfError(list.error, t('notifications.list.loadFailed'))}
        retryLabel={t('notifications.list.retry')}
        onRetry={list.reload}
      />
    );
  } else if (list.items.length === 0 && !list.loading) {
    body = (
      <p className="alert alert-secondary" role="status">
        {unreadOnly ? t('notifications.list.emptyUnread') : t('notifications.list.empty')}
      </p>
    );
  } else {
    body = (
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
    );
  }

  return (
    <>
      <ScreenIntro
        heading={t('notifications.list.heading')}
        description={t('notifications.list.description')}
      />
      <p>
        <Link to={notificationPaths.preferences}>{t('notifications.list.settings')}</Link>
      </p>
      <FilterBar label={t('notifications.list.filters')}>
        <FilterSelect
          id={`${id}-unread`}
          label={t('notifications.list.show')}
          className="col-12 col-sm-6 col-md-4 col-xl-3"
          value={query.unread === 'true' ? 'true' : undefined}
          anyLabel={t('notifications.list.all')}
          onChange={(value) => {
            setQuery(value === 'true' ? { unread: 'true' } : {});
          }}
        >
          <option value="true">{t('notifications.list.unreadOnly')}</option>
        </FilterSelect>
      </FilterBar>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={markAllRead.isPending || unread === null || unread === 0}
          onClick={onMarkAllRead}
        >
          {t('notifications.list.markAllRead')}
        </button>
        {unread !== null && (
          <span className="text-body-secondary small">
            {t('notifications.list.unreadCount', { count: unread })}
          </span>
        )}
      </div>
      <NoticeArea notice={notice} />
      {body}
      <Pager label={t('notifications.list.paging')} pages={list} />
    </>
  );
};
