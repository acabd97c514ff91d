import type { EventKind } from '@ccsc/contract/events';
import type { NotificationChannel, NotificationLanguage } from '@ccsc/contract/notifications';
import type { StoredEvent } from './events';

/**
 * Each user's notifications (issue 35): an event fanned out to them, read or not, and their
 * preferences. The unread count is kept beside them (one item), so the bell reads one item; a
 * "mark all read" moves a mark instead of touching every notification.
 */

/** One notification: its event as the user's list shows it. */
export interface StoredNotification extends Omit<StoredEvent, 'sequence'> {
  /** Opaque to callers: when it was delivered and its event (unique per user). */
  notificationId: string;
  organisationName: string;
  read: boolean;
}

/** What a user chose: a channel for some kinds (the rest default), the e-mails' language. */
export interface StoredPreferences {
  channels: Partial<Record<EventKind, NotificationChannel>>;
  language: NotificationLanguage | null;
}

export interface NotificationPage {
  notifications: StoredNotification[];
  /** Where the next page starts, or null at the end. */
  nextCursor: string | null;
}

/** A notification waiting for its user's daily digest. */
export interface DigestItem {
  userName: string;
  /** The item's own key, to remove it once the digest is queued. */
  key: string;
  notification: Omit<StoredNotification, 'read'>;
}

export interface NotificationStore {
  /**
   * Delivers the event to the user (unread, counted) unless it was delivered to them before;
   * with `digest`, also waits for their daily digest. Whether it delivered it now.
   */
  deliver(
    userName: string,
    event: Omit<StoredEvent, 'sequence'> & { organisationName: string },
    options: { digest: boolean },
    now: Date,
  ): Promise<boolean>;
  /**
   * Several deliveries as `deliver` makes each (a fan-out's batch, issue 35), written together:
   * for each, whether it delivered it now (false: delivered before).
   */
  deliverMany(deliveries: readonly NotificationDelivery[], now: Date): Promise<boolean[]>;
  /** The stored choices of several users at once (a user without any: null). */
  preferencesOf(userNames: readonly string[]): Promise<Map<string, StoredPreferences | null>>;
  /** Newest first; `unreadOnly` leaves the read ones out (a page may then hold fewer). */
  list(
    userName: string,
    page: { limit: number; cursor: string | null; unreadOnly: boolean },
  ): Promise<NotificationPage>;
  unread(userName: string): Promise<number>;
  /** Marks one read: 'marked', 'already' (read before), or 'missing' (not the user's). */
  markRead(userName: string, notificationId: string): Promise<'marked' | 'already' | 'missing'>;
  /** Marks every notification read; how many were unread. */
  markAllRead(userName: string): Promise<number>;
  preferences(userName: string): Promise<StoredPreferences | null>;
  savePreferences(userName: string, preferences: StoredPreferences): Promise<void>;
  /** Every notification waiting for a digest, by user then time. */
  digestPending(): Promise<DigestItem[]>;
  /** Those digest items are mailed (again: nothing). */
  digestDone(items: readonly Pick<DigestItem, 'key'>[]): Promise<void>;
}

/** One notification to deliver: the user, the event, and whether it waits for their digest. */
export interface NotificationDelivery {
  userName: string;
  event: Omit<StoredEvent, 'sequence'> & { organisationName: string };
  digest: boolean;
}

/** The 400 for a cursor no page of the caller's list gave. */
export const BAD_NOTIFICATION_CURSOR =
  'The cursor does not belong to this list; start again from page one.';
