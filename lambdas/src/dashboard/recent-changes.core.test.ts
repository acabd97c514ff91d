import { describe, expect, it } from 'vitest';
import { RECENT_CHANGES_SHOWN } from '@ccsc/contract/dashboard';
import { routes } from '@ccsc/contract/routes';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { Caller, RequestContext } from '../core/request';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { chainOf, entry, ORG, OTHER } from '../testing/audit-records-kit';
import { CHANGES_LINK_DAYS, dashboardRecentChanges } from './recent-changes.core';

/** dashboard/recent-changes: the last administrative changes within reach, newest first. */

const NOW = new Date('2025-01-20T08:45:00.000Z');

const change = (action: string, organisationId: string | null, requestId: string): AuditEntry =>
  entry({ action, organisationId, requestId });

/** The trail (one record a second), read by the dashboard at NOW. */
const world = async (entries: AuditEntry[]) => {
  const { deps, table } = await chainOf(entries);
  return { deps: { reader: deps.reader, clock: new FakeClock(NOW) }, table };
};

const as = (role: Caller['role'], organisationId: string | null = null) =>
  callerContext({ role, organisationId });

const requestIds = async (
  ctx: RequestContext<Caller>,
  deps: Awaited<ReturnType<typeof world>>['deps'],
) => (await dashboardRecentChanges({}, ctx, deps)).records.map((r) => r.requestId);

describe('dashboard/recent-changes', () => {
  it('answers the last changes newest first, at most the number shown, linked to the changes of the last 30 days', async () => {
    const { deps } = await world(
      Array.from({ length: RECENT_CHANGES_SHOWN + 3 }, (_, i) =>
        change('user.updated', ORG, `r${String(i)}`),
      ),
    );
    const out = await dashboardRecentChanges({}, as('PlatformAdmin'), deps);
    expect(routes['dashboard/recent-changes'].response.parse(out)).toEqual(out);
    expect(out.asOf).toBe(NOW.toISOString());
    expect(out.records.map((r) => r.requestId)).toEqual(
      Array.from({ length: RECENT_CHANGES_SHOWN }, (_, i) => `r${String(12 - i)}`),
    );
    expect(CHANGES_LINK_DAYS).toBe(30);
    // From the whole hour 30 days back, so the list counts a bounded range.
    expect(out.link).toEqual({
      list: 'audit',
      query: { view: 'changes', from: '2024-12-21T08:00:00.000Z' },
    });
  });

  it('shows changes only: no sign-in, no failure, nothing a job or an anonymous caller did', async () => {
    const { deps } = await world([
      change('organisation.updated', ORG, 'change-1'),
      entry({ action: 'session.login', organisationId: ORG, requestId: 'sign-in' }),
      entry({
        action: 'session.login-failed',
        outcome: 'failure',
        actor: null,
        organisationId: ORG,
        requestId: 'failed',
      }),
      entry({
        action: 'user.updated',
        outcome: 'failure',
        organisationId: ORG,
        requestId: 'refused',
      }),
      entry({
        action: 'api-credential.revoked',
        actor: null,
        organisationId: ORG,
        requestId: 'job',
      }),
      change('user.disabled', ORG, 'change-2'),
    ]);
    expect(await requestIds(as('PlatformAdmin'), deps)).toEqual(['change-2', 'change-1']);
  });

  it('keeps an organisation’s OrgAdmin and Auditor to its changes; an account reaching nothing sees none', async () => {
    const { deps } = await world([
      change('user.created', ORG, 'org-1'),
      change('user.created', OTHER, 'other-1'),
      change('system.updated', ORG, 'org-2'),
      change('organisation.created', null, 'hub-1'),
      change('study.updated', OTHER, 'other-2'),
    ]);
    expect(await requestIds(as('PlatformAdmin'), deps)).toEqual([
      'other-2',
      'hub-1',
      'org-2',
      'other-1',
      'org-1',
    ]);
    expect(await requestIds(as('Auditor'), deps)).toEqual(
      await requestIds(as('PlatformAdmin'), deps),
    );
    expect(await requestIds(as('OrgAdmin', ORG), deps)).toEqual(['org-2', 'org-1']);
    expect(await requestIds(as('Auditor', OTHER), deps)).toEqual(['other-2', 'other-1']);
    const none = await dashboardRecentChanges({}, as('OrgAdmin', null), deps);
    expect(none.records).toEqual([]);
    expect(none.link.query.view).toBe('changes');
  });

  it('answers an empty trail with no records and the same link', async () => {
    const { deps } = await world([]);
    const out = await dashboardRecentChanges({}, as('OrgAdmin', ORG), deps);
    expect(out).toEqual({
      asOf: NOW.toISOString(),
      records: [],
      link: { list: 'audit', query: { view: 'changes', from: '2024-12-21T08:00:00.000Z' } },
    });
  });
});
