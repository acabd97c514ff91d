import { ACTIVITY_DAYS } from '@ccsc/contract/dashboard';
import { type routes } from '@ccsc/contract/routes';
import { DIRECTIONS, type Direction } from '@ccsc/contract/documents';
import { CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { reachOf } from '@ccsc/contract/reach';
import type { Core } from '../core/request';
import { connectionCountsByStatus } from '../core/lists/connections';
import { deliveryPercentile, documentActivity, documentScopeOf } from '../core/lists/documents';
import type { Clock } from '../core/ports/clock';
import type { DocumentStore } from '../core/ports/documents';
import type { Registry } from '../core/ports/registry';

export interface ActivityDeps {
  registry: Pick<Registry, 'snapshot'>;
  documents: Pick<DocumentStore, 'dayCounts'>;
  clock: Clock;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * dashboard/activity: the exchange of the last ACTIVITY_DAYS days (UTC, today included) within
 * the caller's reach, from the documents' day counters (lists/documents.ts, the list's own
 * total): sent per day and direction, delivered and how long delivery took; and the connections
 * by state (lists/connections.ts).
 */
export const dashboardActivity: Core<(typeof routes)['dashboard/activity'], ActivityDeps> = async (
  _input,
  ctx,
  deps,
) => {
  const now = deps.clock.now();
  const reach = reachOf(ctx.caller);
  const snapshot = await deps.registry.snapshot();
  const toDay = dayOf(now);
  const fromDay = dayOf(new Date(now.getTime() - (ACTIVITY_DAYS - 1) * DAY_MS));
  const activity = await documentActivity(
    documentScopeOf(reach, snapshot),
    fromDay,
    toDay,
    deps.documents,
  );
  const documents = (query: Record<string, string>, value: number) => ({
    value,
    link: { list: 'documents' as const, query },
  });
  const perDirection = (
    from: string,
    to: string,
    counts: Readonly<Record<Direction, number>>,
  ): Record<Direction, ReturnType<typeof documents>> =>
    Object.fromEntries(
      DIRECTIONS.map((direction) => [
        direction,
        documents({ sentFrom: from, sentTo: to, direction }, counts[direction]),
      ]),
    ) as Record<Direction, ReturnType<typeof documents>>;

  const percentiles = { p50: 50, p90: 90, p99: 99 } as const;
  const bound = Object.fromEntries(
    Object.entries(percentiles).map(([name, p]) => [
      name,
      deliveryPercentile(activity.deliveryTimes, p),
    ]),
  ) as Record<keyof typeof percentiles, number | 'beyond' | null>;
  const seconds = (value: number | 'beyond' | null) => (typeof value === 'number' ? value : null);
  const counts = connectionCountsByStatus(snapshot, ctx.caller);

  return {
    asOf: now.toISOString(),
    days: activity.days.map((d) => ({ day: d.day, sent: perDirection(d.day, d.day, d.sent) })),
    sent: perDirection(fromDay, toDay, activity.sent),
    delivery: {
      delivered: documents(
        { sentFrom: fromDay, sentTo: toDay, delivered: 'true' },
        DIRECTIONS.reduce((n, d) => n + activity.delivered[d], 0),
      ),
      p50Seconds: seconds(bound.p50),
      p90Seconds: seconds(bound.p90),
      p99Seconds: seconds(bound.p99),
      beyond: (Object.keys(percentiles) as (keyof typeof percentiles)[]).filter(
        (name) => bound[name] === 'beyond',
      ),
    },
    connections: CONNECTION_STATUSES.map((status) => ({
      status,
      figure: { value: counts[status], link: { list: 'connections', query: { status } } },
    })),
  };
};
