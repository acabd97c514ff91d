import {
  HOLD_REASONS,
  type Notification,
  QUARANTINE_REASONS,
  REJECT_REASONS,
} from '@ccsc/contract';
import type { TFunction } from 'i18next';

/** What a notification says it is (its kind's title, `notifications.kind.*`). */
export const titleOf = (t: TFunction, notification: Pick<Notification, 'kind'>): string =>
  t(`notifications.kind.${notification.kind}`);

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The reason a fact came with, in words where the console has them (a hold's, a quarantine's,
 * a rejection's: the documents' own texts), else the server's text as it is (a comment); null
 * when there is none.
 */
export const reasonOf = (t: TFunction, notification: Notification): string | null => {
  const { reason, kind } = notification;
  if (reason === null) return null;
  if (kind === 'document.held' && isOneOf(HOLD_REASONS, reason)) {
    return t(`documents.holdReason.${reason}`);
  }
  if (kind === 'document.quarantined' && isOneOf(QUARANTINE_REASONS, reason)) {
    return t(`documents.quarantineReason.${reason}`);
  }
  if (kind === 'document.rejected' && isOneOf(REJECT_REASONS, reason)) {
    return t(`documents.rejectReason.${reason}`);
  }
  return reason;
};
