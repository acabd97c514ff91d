import { DASHBOARD_LISTS } from '@ccsc/contract/dashboard';
import { describe, expect, it } from 'vitest';
import { hrefOf } from './list-links';

describe('hrefOf', () => {
  it('leads each list to its console page', () => {
    expect(DASHBOARD_LISTS.map((list) => hrefOf({ list, query: {} }))).toEqual([
      '/admin/user-management',
      '/admin/generate-api-credentials',
      '/admin/connections',
      '/admin/documents',
      '/admin/artifact/list-of-mapping-standards',
      '/admin/audit-trail',
    ]);
  });

  it('writes the query into the address as it is, encoded', () => {
    expect(hrefOf({ list: 'users', query: { status: 'LOCKED' } })).toBe(
      '/admin/user-management?status=LOCKED',
    );
    expect(
      hrefOf({
        list: 'audit',
        query: {
          actions: 'session.login-failed',
          outcome: 'failure',
          from: '2025-02-03T09:00:00.000Z',
        },
      }),
    ).toBe(
      '/admin/audit-trail?actions=session.login-failed&outcome=failure&from=2025-02-03T09%3A00%3A00.000Z',
    );
    expect(hrefOf({ list: 'audit', query: { target: 'a b&c' } })).toBe(
      '/admin/audit-trail?target=a+b%26c',
    );
  });
});
