import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventGroupSchema, eventsOfGroups, groupEvents } from './journal-events';
import type { EventDraft } from './ports/events';

const published = (organisationId: string): EventDraft => ({
  kind: 'standard.published',
  organisationId,
  subject: { type: 'standard', id: 'std-1', name: 'Pharma eTMF v2' },
  counterpart: { organisationId: 'sponsor-1', name: 'Pharma' },
  reason: null,
});

describe('event groups in a journal entry', () => {
  it('give back the same drafts, in a stable order', () => {
    const drafts: EventDraft[] = [
      published('site-a'),
      { ...published('site-b'), reason: 'other' },
      published('site-c'),
    ];
    const groups = groupEvents(drafts);
    expect(groups).toHaveLength(2);
    expect(groups.map((g) => g.organisationIds)).toEqual([['site-a', 'site-c'], ['site-b']]);
    const again = eventsOfGroups(groups.map((g) => eventGroupSchema.parse(g)));
    expect(again).toEqual([drafts[0], drafts[2], drafts[1]]);
    expect(eventsOfGroups(groupEvents(again))).toEqual(again);
  });

  it('keep a standard published to 6,000 partners well inside a 400 KB item', () => {
    const drafts = Array.from({ length: 6000 }, () => published(randomUUID()));
    const whole = Buffer.byteLength(JSON.stringify(drafts));
    const grouped = Buffer.byteLength(JSON.stringify(groupEvents(drafts)));
    expect(whole).toBeGreaterThan(400 * 1024);
    expect(grouped).toBeLessThan(250 * 1024);
  });
});
