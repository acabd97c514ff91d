import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notificationKeys } from '../api/keys';

/**
 * After a write: the bell takes the unread count the server answered at once (no second call),
 * and every list page is loaded again when shown (the one on screen at once), so that what was
 * marked shows read, or leaves the unread-only list.
 */
const useAfterWrite = () => {
  const client = useQueryClient();
  return ({ unread }: { unread: number }) => {
    client.setQueryData(notificationKeys.unreadCount(), { unread });
    void client.invalidateQueries({ queryKey: notificationKeys.lists() });
  };
};

/** Marks one notification read (notifications/mark-read). */
export const useMarkRead = () => {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: (notificationId: string) => callApi('notifications/mark-read', { notificationId }),
    onSuccess: after,
  });
};

/** Marks every notification of the signed-in user read (notifications/mark-all-read). */
export const useMarkAllRead = () => {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: () => callApi('notifications/mark-all-read', {}),
    onSuccess: after,
  });
};
