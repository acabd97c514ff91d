import { PLAIN_MAIL } from '../core/outbox';
import type { Clock } from '../core/ports/clock';
import type { DigestItem, NotificationStore } from '../core/ports/notifications';
import type { OutboxItem } from '../core/ports/outbox';
import { DEFAULT_LANGUAGE, type Listener } from './notification-rules';
import { digestMail } from './notification-texts';

/**
 * The daily digest (issue 35; a scheduled job once a day): for each user with notifications
 * waiting for it, one e-mail listing them in the user's language, queued in the outbox under its
 * first item's key (a run cut short before the items were removed queues the same mail again:
 * the outbox sends it once), then the items removed. A user
 * disabled or gone meanwhile gets none; their items are removed all the same.
 */
export interface DigestDeps {
  notifications: Pick<NotificationStore, 'digestPending' | 'digestDone' | 'preferences'>;
  users: { all(): Promise<readonly Listener[]> };
  outbox: { queue(item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>): Promise<void> };
  clock: Clock;
  consoleUrl: string | null;
}

export const sendDigests = async (deps: DigestDeps): Promise<{ mails: number; items: number }> => {
  const pending = await deps.notifications.digestPending();
  if (pending.length === 0) return { mails: 0, items: 0 };
  const byUser = new Map<string, DigestItem[]>();
  for (const item of pending)
    byUser.set(item.userName, [...(byUser.get(item.userName) ?? []), item]);
  const users = new Map((await deps.users.all()).map((u) => [u.userName, u]));
  const day = deps.clock.now().toISOString().slice(0, 10);
  let mails = 0;
  for (const [userName, items] of byUser) {
    const user = users.get(userName);
    if (user?.enabled === true) {
      const language =
        (await deps.notifications.preferences(userName))?.language ?? DEFAULT_LANGUAGE;
      const ordered = items.map((i) => i.notification).sort((a, b) => (a.at < b.at ? -1 : 1));
      await deps.outbox.queue({
        id: `digest:${items[0]?.key ?? `${userName}:${day}`}`,
        kind: PLAIN_MAIL,
        payload: { to: user.email, ...digestMail(language, ordered, deps.consoleUrl) },
      });
      mails += 1;
    }
    await deps.notifications.digestDone(items);
  }
  return { mails, items: pending.length };
};
