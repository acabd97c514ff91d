// The connection list's tests share these.
import type { Connection } from '@ccsc/contract';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { connection, organisation, registryPage } from '../../../testing/registry-fixtures';
import { type Answers, bodiesOf, renderScreen, signedInAs } from '../../../testing/registry-kit';
import { ConnectionListPage } from './connection-list-page';

export const SITE = organisation('site-1', 'Klinikum Eins');
export const SPONSOR = organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor' });
export const INVITED = connection('conn-1', { revision: 2 });
export const ACTIVE = connection('conn-2', {
  protocolNumber: 'PROT-2',
  studyId: 'study-2',
  siteNumber: '202',
  status: 'active',
  siteSystemId: 'sys-eisf',
  siteSystemName: 'Site eISF',
  updatedBy: 'site-admin@example.com',
  updatedAt: '2025-03-01T09:30:00.000Z',
  history: [
    {
      status: 'invited',
      at: '2025-02-03T10:00:00.000Z',
      by: 'sponsor-admin@example.com',
      side: 'sponsor',
      reason: null,
    },
    {
      status: 'active',
      at: '2025-03-01T09:30:00.000Z',
      by: 'site-admin@example.com',
      side: 'site',
      reason: null,
    },
  ],
});

export const base = (connections: Connection[] = [INVITED, ACTIVE]): Answers => ({
  'list-connections': (body) => {
    if (body.status === 'invited') {
      return registryPage(
        'connections',
        connections.filter((c) => c.status === 'invited'),
      );
    }
    return registryPage('connections', connections, { total: 12 });
  },
  'get-organisation': (body) =>
    success({
      organisation: body.organisationId === 'site-1' ? SITE : SPONSOR,
      systems: [],
      studies: [],
      connections: [],
      connectionTotal: 0,
    }),
});

export const listBodies = (calls: Parameters<typeof bodiesOf>[0]) =>
  bodiesOf(calls, 'list-connections').filter((b) => (b as { limit?: number }).limit === 25);

export const renderPage = (path = '/admin/connections') =>
  renderScreen(<ConnectionListPage />, path);

export const openRow = async (u: ReturnType<typeof userEvent.setup>, name: RegExp) => {
  await u.click(await screen.findByRole('button', { name }));
  return screen.findByTestId('connection-dialog');
};

/** Each test signed in with the kit's default profile; fetch and mocks restored after. */
export const setUpConnectionListTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
