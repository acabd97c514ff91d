import { EVENT_KINDS, type EventKind, isLockedEventKind } from '@ccsc/contract/events';
import type {
  NotificationChannel,
  NotificationLanguage,
  NotificationPreference,
} from '@ccsc/contract/notifications';
import type { Role } from '@ccsc/contract/roles';
import type { StoredEvent } from '../core/ports/events';
import type { StoredPreferences } from '../core/ports/notifications';

/**
 * Who hears of an event, and how (issue 35). The recipient organisation's OrgAdmins hear of
 * everything by default, in the list and by e-mail at once; its Auditors and every PlatformAdmin
 * hear of nothing until they choose a channel. A locked kind (a safety letter's) cannot be
 * switched off by the OrgAdmins, whom its regulated process addresses.
 */

export const DEFAULT_LANGUAGE: NotificationLanguage = 'en';

/** The one who may hear of events: a user of the user index, by what decides. */
export interface Listener {
  userName: string;
  email: string;
  role: Role | null;
  organisationId: string | null;
  enabled: boolean;
}

/** Whether the user is among those an event for `organisationId` may reach at all. */
export const mayHear = (user: Listener, organisationId: string): boolean =>
  user.enabled &&
  (user.role === 'PlatformAdmin' ||
    (user.organisationId === organisationId &&
      (user.role === 'OrgAdmin' || user.role === 'Auditor')));

/** Whether the role may not switch the kind off. */
export const lockedFor = (kind: EventKind, role: Role | null): boolean =>
  role === 'OrgAdmin' && isLockedEventKind(kind);

const defaultChannel = (role: Role | null): NotificationChannel =>
  role === 'OrgAdmin' ? 'email' : 'off';

/** The user's channel for the kind: chosen, else the role's default (never off when locked). */
export const channelOf = (
  kind: EventKind,
  role: Role | null,
  stored: StoredPreferences | null,
): NotificationChannel => {
  const chosen = stored?.channels[kind] ?? defaultChannel(role);
  return chosen === 'off' && lockedFor(kind, role) ? 'email' : chosen;
};

/** Every kind with the user's channel, in EVENT_KINDS order. */
export const preferencesOf = (
  role: Role | null,
  stored: StoredPreferences | null,
): NotificationPreference[] =>
  EVENT_KINDS.map((kind) => ({
    kind,
    channel: channelOf(kind, role, stored),
    locked: lockedFor(kind, role),
  }));

/** The users an event reaches, each with their channel (none of them off). */
export const audienceOf = async (
  event: Pick<StoredEvent, 'kind' | 'organisationId'>,
  users: readonly Listener[],
  preferences: (userName: string) => Promise<StoredPreferences | null>,
): Promise<
  { user: Listener; channel: Exclude<NotificationChannel, 'off'>; language: NotificationLanguage }[]
> => {
  const out: {
    user: Listener;
    channel: Exclude<NotificationChannel, 'off'>;
    language: NotificationLanguage;
  }[] = [];
  for (const user of users) {
    if (!mayHear(user, event.organisationId)) continue;
    const stored = await preferences(user.userName);
    const channel = channelOf(event.kind, user.role, stored);
    if (channel === 'off') continue;
    out.push({ user, channel, language: stored?.language ?? DEFAULT_LANGUAGE });
  }
  return out;
};
