import { describe, expect, it } from 'vitest';
import type { EventKind } from '@ccsc/contract/events';
import type { EventDraft } from '../core/ports/events';
import { fanOutEvents } from './fan-out';
import { eventsWorld, SITE, SPONSOR } from './events-test-kit';
import { sentenceOf } from './notification-texts';

/**
 * Issue 35: a document sent back and a document request reach whom every event does — the
 * recipient organisation's enabled OrgAdmins (in the list and by e-mail, by default), nobody of
 * the other organisation, no Auditor and no PlatformAdmin unless they chose — and read in each
 * language with their subject, counterpart and reason.
 */

const KINDS: readonly { kind: EventKind; to: string; subject: EventDraft['subject'] }[] = [
  { kind: 'document.rejected', to: SPONSOR, subject: { type: 'document', id: 'd1', name: 'CV' } },
  { kind: 'document.recalled', to: SITE, subject: { type: 'document', id: 'd2', name: 'CV' } },
  {
    kind: 'document.recall-requested',
    to: SITE,
    subject: { type: 'document', id: 'd3', name: 'CV' },
  },
  {
    kind: 'document.recall-confirmed',
    to: SPONSOR,
    subject: { type: 'document', id: 'd4', name: 'CV' },
  },
  ...(['request.received', 'request.due-soon', 'request.overdue'] as const).map((kind, i) => ({
    kind,
    to: SITE,
    subject: {
      type: 'request' as const,
      id: `r${String(i)}`,
      name: 'Medical licence (ABC-001, 2025-03-20)',
      studyId: 'study-1',
    },
  })),
  {
    kind: 'request.fulfilled',
    to: SPONSOR,
    subject: {
      type: 'request',
      id: 'r9',
      name: 'Medical licence (ABC-001, 2025-03-20)',
      studyId: 'study-1',
    },
  },
];

describe('the fan-out of returns and requests', () => {
  it.each(KINDS)(
    '$kind reaches the OrgAdmins of its organisation only',
    async ({ kind, to, subject }) => {
      const w = eventsWorld();
      const other = to === SITE ? SPONSOR : SITE;
      await w.events.appendOnce(
        [
          {
            key: 'w1:0',
            draft: {
              kind,
              organisationId: to,
              subject,
              counterpart: { organisationId: other, name: 'Acme Pharma' },
              reason:
                kind === 'document.rejected' ? 'wrong-version: Version 1.0 is outdated.' : null,
            },
          },
        ],
        w.clock.now(),
      );
      await fanOutEvents(w.fanOutDeps);
      const reached = [...w.notifications.byUser.entries()]
        .filter(([, list]) => list.length > 0)
        .map(([user]) => user);
      expect(reached).toEqual([to === SITE ? 'site-admin' : 'sponsor-admin']);
      const [notification] = w.notifications.byUser.get(reached[0] ?? '') ?? [];
      expect(notification).toMatchObject({ kind, subject });
      expect(w.mailer.sent).toHaveLength(1);
    },
  );

  it('reads in English, German and Turkish, the rejection with its reason', () => {
    const n = {
      kind: 'document.rejected' as const,
      subject: { type: 'document' as const, id: 'd1', name: 'CV of Dr. Jana Müller' },
      counterpart: { organisationId: SPONSOR, name: 'Acme Pharma' },
      reason: 'wrong-version: Version 1.0 is outdated.',
    };
    expect(sentenceOf('en', n)).toBe(
      'Acme Pharma rejected the document CV of Dr. Jana Müller (wrong-version: Version 1.0 is outdated.).',
    );
    expect(sentenceOf('de', n)).toContain('zurückgewiesen');
    expect(sentenceOf('tr', n)).toContain('reddetti');
    const request = {
      kind: 'request.overdue' as const,
      subject: {
        type: 'request' as const,
        id: 'r1',
        name: 'Medical licence (ABC-001, 2025-03-20)',
      },
      counterpart: null,
      reason: null,
    };
    expect(sentenceOf('de', request)).toBe(
      'Die Dokumentanforderung Medical licence (ABC-001, 2025-03-20) ist überfällig.',
    );
  });
});
