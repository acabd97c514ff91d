import type { UserListItem } from '@ccsc/contract';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { type ApiAnswer, failure, fakeApi, success } from '../../../testing/fake-api';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { testConfig } from '../../../testing/render-app';
import { UserListPage } from '../components/user-list-page';

/** The user list's tests: a user row, the answers served, the page rendered, the address seen. */
export const user = (n: number, overrides: Partial<UserListItem> = {}): UserListItem => ({
  userName: `sub-${String(n)}`,
  email: `user${String(n)}@example.com`,
  emailVerified: true,
  givenName: `Given${String(n)}`,
  familyName: `Family${String(n)}`,
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'site-1',
  enabled: true,
  cognitoStatus: 'CONFIRMED',
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-02-03T10:00:00.000Z',
  status: 'ENABLED',
  locked: false,
  mfaEnrolled: true,
  ...overrides,
});

export const ORGS = {
  'list-organisations': registryPage('organisations', [organisation('site-1', 'Klinikum Eins')]),
};

export const serve = (
  list: (body: Record<string, unknown>) => ApiAnswer,
  other: Record<string, ApiAnswer> = {},
) =>
  fakeApi((path, body) => {
    if (path === 'list-all-users') return list(body as Record<string, unknown>);
    const fixed = { ...ORGS, ...other }[path];
    return fixed ?? failure(500, 'INTERNAL', `unexpected ${path}`);
  });

export const page = (
  users: UserListItem[],
  total = users.length,
  nextCursor: string | null = null,
) => success({ users, count: users.length, total, nextCursor });

export const renderPage = () =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <QueryProvider>
        <MemoryRouter>
          <UserListPage />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );

/** The router's current state and path, to see that the list forgets a save's message. */
export const StateProbe = () => {
  const location = useLocation();
  return (
    <output data-testid="state" data-path={location.pathname} data-search={location.search}>
      {JSON.stringify(location.state)}
    </output>
  );
};

export const listCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'list-all-users').map((c) => c.body);
