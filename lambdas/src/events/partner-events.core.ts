import type { partnerRoutes as routes } from '@ccsc/contract/partner-api';
import type { Clock } from '../core/ports/clock';
import type { EventLog } from '../core/ports/events';
import type { Core } from '../core/request';

export interface PartnerEventsDeps {
  events: Pick<EventLog, 'page'>;
  clock: Clock;
}

/** How many events a page holds when the caller does not say. */
export const EVENTS_PAGE = 50;

/**
 * GET /ccsc/api/v1/events: the calling system's organisation's events after `since`, oldest
 * first — one Query of its partition from the cursor (one more than asked, to tell `hasMore`).
 * The organisation is the credential's, never the caller's word.
 */
export const partnerEvents: Core<(typeof routes)['partner-events'], PartnerEventsDeps> = async (
  input,
  ctx,
  deps,
) => {
  const since = input.since === undefined ? 0 : Number(input.since);
  const limit = input.limit ?? EVENTS_PAGE;
  const found = await deps.events.page(
    ctx.client.organisationId,
    since,
    limit + 1,
    deps.clock.now(),
  );
  const page = found.slice(0, limit);
  return {
    events: page.map(({ sequence, ...e }) => ({ ...e, sequence: String(sequence) })),
    nextCursor: String(page.at(-1)?.sequence ?? since),
    hasMore: found.length > limit,
  };
};
