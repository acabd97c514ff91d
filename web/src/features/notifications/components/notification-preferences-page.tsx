import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { RetryAlert } from '../../../components/retry-alert';
import { ScreenIntro } from '../../../components/screen-intro';
import { notificationPaths } from '../../../config/notification-paths';
import { messageOfError } from '../../../lib/refusals';
import { useNotificationPreferences } from '../hooks/use-notification-preferences';
import { PreferencesForm } from './preferences-form';

/**
 * The notification settings (issue 35, /admin/notifications/preferences): how the signed-in user
 * hears of each kind of event, and in which language the e-mails come.
 */
export const NotificationPreferencesPage = () => {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  let body;
  if (preferences.value !== null) {
    body = <PreferencesForm saved={preferences.value} />;
  } else if (preferences.error !== null) {
    body = (
      <RetryAlert
        message={messageOfError(preferences.error, t('notifications.preferences.loadFailed'))}
        retryLabel={t('notifications.list.retry')}
        onRetry={preferences.reload}
      />
    );
  } else {
    body = <LoadingIndicator className="my-4" />;
  }
  return (
    <>
      <ScreenIntro
        heading={t('notifications.preferences.heading')}
        description={t('notifications.preferences.description')}
      />
      <p>
        <Link to={notificationPaths.list}>{t('notifications.preferences.backToList')}</Link>
      </p>
      {body}
    </>
  );
};
