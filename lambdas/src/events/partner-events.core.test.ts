import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import type { PartnerContext } from '../core/request';
import { partnerEvents } from './partner-events.core';
import { eventsWorld, invited, SITE, SPONSOR } from './events-test-kit';

const as = (organisationId: string): PartnerContext => ({
  client: {
    apiId: 'api',
    clientId: 'client',
    organisationId,
    systemId: 'sys',
    scopes: ['ccsc-api/events.read'],
    validUntil: '2027-01-01T00:00:00.000Z',
  },
  requestId: 'r',
  sourceIp: '203.0.113.9',
  userAgent: null,
  origin: null,
  host: null,
});
const parse = (input: Record<string, string>) =>
  partnerRoutes['partner-events'].request.parse(input);

describe('GET /ccsc/api/v1/events', () => {
  it('pages the calling system’s organisation’s events in order from the cursor', async () => {
    const w = eventsWorld();
    for (let i = 0; i < 5; i += 1) {
      await w.events.appendOnce([{ key: `w${String(i)}:0`, draft: invited() }], w.clock.now());
    }
    await w.events.appendOnce([{ key: 'other:0', draft: invited(SPONSOR) }], w.clock.now());
    w.clock.advance(60_000);
    const deps = { events: w.events, clock: w.clock };
    const first = await partnerEvents(parse({ limit: '2' }), as(SITE), deps);
    expect(first.events.map((e) => e.sequence)).toEqual(['1', '2']);
    expect(first).toMatchObject({ nextCursor: '2', hasMore: true });
    expect(first.events[0]).toMatchObject({ kind: 'connection.invited', organisationId: SITE });
    const rest = await partnerEvents(parse({ since: first.nextCursor }), as(SITE), deps);
    expect(rest.events.map((e) => e.sequence)).toEqual(['3', '4', '5']);
    expect(rest).toMatchObject({ nextCursor: '5', hasMore: false });
    // Nothing new: the same cursor back.
    expect(await partnerEvents(parse({ since: '5' }), as(SITE), deps)).toEqual({
      events: [],
      nextCursor: '5',
      hasMore: false,
    });
    // The sponsor's system sees its own organisation's event only.
    const sponsor = await partnerEvents(parse({}), as(SPONSOR), deps);
    expect(sponsor.events.map((e) => e.organisationId)).toEqual([SPONSOR]);
  });

  it('refuses a cursor that is not one, and a limit out of range, by its contract', () => {
    const schema = partnerRoutes['partner-events'].request;
    expect(schema.safeParse({ since: 'abc' }).success).toBe(false);
    expect(schema.safeParse({ since: '-1' }).success).toBe(false);
    expect(schema.safeParse({ limit: '0' }).success).toBe(false);
    expect(schema.safeParse({ limit: '101' }).success).toBe(false);
    expect(schema.safeParse({ organisationId: SPONSOR }).success).toBe(false);
  });
});
