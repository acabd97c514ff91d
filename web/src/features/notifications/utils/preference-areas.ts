import type { EventSubjectType, NotificationPreference } from '@ccsc/contract';

/** What the kinds of events are about, in the order the settings show them. */
export const PREFERENCE_AREAS = [
  'connection',
  'document',
  'request',
  'distribution',
  'credential',
  'standard',
  'webhook',
] as const satisfies readonly EventSubjectType[];
export type PreferenceArea = (typeof PREFERENCE_AREAS)[number];

const areaOf = (preference: NotificationPreference): PreferenceArea | null => {
  const prefix = preference.kind.split('.')[0];
  return PREFERENCE_AREAS.find((area) => area === prefix) ?? null;
};

/**
 * The preferences grouped by area (a kind's prefix: `document.held` is a document's), each with
 * its place in the server's list (the form's field and the update's order); an area without
 * kinds is left out. A kind of no known area (a part that added one without a group here) still
 * shows, in a group of its own at the end.
 */
export const areasOf = (preferences: readonly NotificationPreference[]) => {
  const indexed = preferences.map((preference, index) => ({ preference, index }));
  const grouped: { area: PreferenceArea | 'other'; kinds: typeof indexed }[] = PREFERENCE_AREAS.map(
    (area) => ({ area, kinds: indexed.filter(({ preference }) => areaOf(preference) === area) }),
  );
  grouped.push({
    area: 'other',
    kinds: indexed.filter(({ preference }) => areaOf(preference) === null),
  });
  return grouped.filter(({ kinds }) => kinds.length > 0);
};
