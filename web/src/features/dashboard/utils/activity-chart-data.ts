import type { Activity } from '@ccsc/contract/dashboard';

/** The two directions of the exchange, in the order the chart stacks and the table lists them. */
export const DIRECTIONS = ['site-to-sponsor', 'sponsor-to-site'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The chart's height (its placeholder's too, so nothing shifts when it arrives). */
export const CHART_HEIGHT = 200;

/** Blue and orange, told apart by most forms of colour blindness; the legend names them. */
export const SERIES_COLOURS: Record<Direction, string> = {
  'site-to-sponsor': '#0d6efd',
  'sponsor-to-site': '#c75300',
};

/** A UTC calendar day ("2025-02-03") as "3 Feb" in the reader's language. */
export const shortDay = (day: string, language: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
};

/** The documents sent in the block's days, all directions together. */
export const sentInTotal = (activity: Pick<Activity, 'sent'>): number =>
  DIRECTIONS.reduce((sum, dir) => sum + activity.sent[dir].value, 0);
