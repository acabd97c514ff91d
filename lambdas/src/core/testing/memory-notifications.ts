import { ValidationError } from '../errors';
import {
  BAD_NOTIFICATION_CURSOR,
  type DigestItem,
  type NotificationDelivery,
  type NotificationStore,
  type StoredNotification,
  type StoredPreferences,
} from '../ports/notifications';

/**
 * The notifications in memory, with the DynamoDB adapter's semantics: delivered once per user
 * and event, newest first, an unread count kept beside them, "all read" as a mark.
 */
export class MemoryNotifications implements NotificationStore {
  readonly byUser = new Map<string, StoredNotification[]>();
  readonly prefs = new Map<string, StoredPreferences>();
  readonly digest = new Map<string, DigestItem>();
  private readonly counts = new Map<string, number>();
  private readonly readBefore = new Map<string, string>();

  private mine(userName: string): StoredNotification[] {
    const list = this.byUser.get(userName) ?? [];
    this.byUser.set(userName, list);
    return list;
  }

  private isRead(userName: string, n: StoredNotification): boolean {
    return n.read || n.notificationId <= (this.readBefore.get(userName) ?? '');
  }

  deliver(
    userName: string,
    event: Parameters<NotificationStore['deliver']>[1],
    options: { digest: boolean },
    now: Date,
  ) {
    const list = this.mine(userName);
    if (list.some((n) => n.eventId === event.eventId)) return Promise.resolve(false);
    const notificationId = `${now.toISOString()}#${event.eventId}`;
    const n: StoredNotification = { ...structuredClone(event), notificationId, read: false };
    list.push(n);
    list.sort((a, b) => (a.notificationId < b.notificationId ? 1 : -1));
    this.counts.set(userName, (this.counts.get(userName) ?? 0) + 1);
    if (options.digest) {
      const key = `${userName}#${notificationId}`;
      this.digest.set(key, {
        userName,
        key,
        notification: { ...structuredClone(event), notificationId },
      });
    }
    return Promise.resolve(true);
  }

  list(userName: string, page: { limit: number; cursor: string | null; unreadOnly: boolean }) {
    const list = this.mine(userName);
    let start = 0;
    if (page.cursor !== null) {
      const i = list.findIndex((n) => n.notificationId === page.cursor);
      if (i < 0)
        throw new ValidationError(BAD_NOTIFICATION_CURSOR, [
          { path: 'cursor', message: BAD_NOTIFICATION_CURSOR },
        ]);
      start = i + 1;
    }
    const slice = list.slice(start, start + page.limit);
    const more = start + page.limit < list.length;
    return Promise.resolve({
      notifications: slice
        .map((n) => ({ ...structuredClone(n), read: this.isRead(userName, n) }))
        .filter((n) => !page.unreadOnly || !n.read),
      nextCursor: more ? (slice.at(-1)?.notificationId ?? null) : null,
    });
  }

  unread(userName: string) {
    return Promise.resolve(this.counts.get(userName) ?? 0);
  }

  markRead(userName: string, notificationId: string) {
    const n = this.mine(userName).find((each) => each.notificationId === notificationId);
    if (n === undefined) return Promise.resolve('missing' as const);
    if (this.isRead(userName, n)) return Promise.resolve('already' as const);
    n.read = true;
    this.counts.set(userName, (this.counts.get(userName) ?? 1) - 1);
    return Promise.resolve('marked' as const);
  }

  markAllRead(userName: string) {
    const newest = this.mine(userName)[0];
    const was = this.counts.get(userName) ?? 0;
    if (newest !== undefined) this.readBefore.set(userName, newest.notificationId);
    this.counts.set(userName, 0);
    return Promise.resolve(was);
  }

  async deliverMany(deliveries: readonly NotificationDelivery[], now: Date) {
    const out: boolean[] = [];
    for (const d of deliveries) out.push(await this.deliver(d.userName, d.event, d, now));
    return out;
  }

  preferencesOf(userNames: readonly string[]) {
    return Promise.resolve(
      new Map(userNames.map((u) => [u, structuredClone(this.prefs.get(u) ?? null)])),
    );
  }

  preferences(userName: string) {
    return Promise.resolve(structuredClone(this.prefs.get(userName) ?? null));
  }

  savePreferences(userName: string, preferences: StoredPreferences) {
    this.prefs.set(userName, structuredClone(preferences));
    return Promise.resolve();
  }

  digestPending() {
    return Promise.resolve(
      [...this.digest.values()]
        .sort((a, b) => (a.key < b.key ? -1 : 1))
        .map((d) => structuredClone(d)),
    );
  }

  digestDone(items: readonly Pick<DigestItem, 'key'>[]) {
    for (const { key } of items) this.digest.delete(key);
    return Promise.resolve();
  }
}
