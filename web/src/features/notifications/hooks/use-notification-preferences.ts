import { type NotificationPreferences, type RequestOf } from '@ccsc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { loadedOf } from '../../../lib/query-state';
import { notificationKeys } from '../api/keys';

/** The signed-in user's channel for each kind of event, and the language of their e-mails. */
export const useNotificationPreferences = () =>
  loadedOf(
    useQuery({
      queryKey: notificationKeys.preferences(),
      queryFn: () => callApi('notifications/preferences', {}),
    }),
  );

/** Saves them (notifications/update-preferences); the answer is what the screen shows next. */
export const useSavePreferences = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<'notifications/update-preferences'>) =>
      callApi('notifications/update-preferences', input),
    onSuccess: (saved: NotificationPreferences) => {
      client.setQueryData(notificationKeys.preferences(), saved);
    },
  });
};
