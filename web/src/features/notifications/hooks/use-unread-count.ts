import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notificationKeys } from '../api/keys';

/**
 * How often the bell asks again while the tab is visible (TanStack Query does not poll a hidden
 * tab): often enough that an invitation or a safety letter shows within a minute, rarely enough
 * that a console left open all day makes about a thousand small reads of one counter item.
 */
export const UNREAD_POLL_MS = 60_000;

/**
 * The signed-in user's unread notifications (notifications/unread-count), for the header's bell:
 * asked when the layout mounts, every minute while the tab is shown and when the reader comes back
 * to the tab; a mark read or mark all read puts the count it answers here at once
 * (hooks/use-notification-writes.ts), and so does every page of the list. Null until the first
 * answer, and after a failure (the bell then shows no figure rather than a stale one).
 */
export const useUnreadCount = ({ poll = true }: { poll?: boolean } = {}): number | null => {
  const query = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () => callApi('notifications/unread-count', {}),
    // One poller, the bell; a screen that only reads the count (`poll: false`: the list, whose
    // every page answers the count too) adds no calls of its own.
    enabled: poll,
    refetchInterval: poll ? UNREAD_POLL_MS : false,
    refetchOnWindowFocus: poll,
  });
  return query.isError ? null : (query.data?.unread ?? null);
};
