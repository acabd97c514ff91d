import type { UserListItem } from '@ccsc/contract';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { type ApiAnswer, failure, fakeApi, success } from '../../../testing/fake-api';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { testConfig } from '../../../testing/render-app';
import { CreateUserPage } from '../components/create-user-page';
import { EditUserPage } from '../components/edit-user-page';

/** The create and edit screens' tests: what the form loads, the user edited, the routes. */
export const REFERENCE: Record<string, ApiAnswer> = {
  'list-organisations': registryPage('organisations', [
    organisation('site-1', 'Klinikum Eins'),
    organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor', country: 'TR' }),
  ]),
  'list-all-groups': success({
    groups: [
      { name: 'PlatformAdmin', description: null },
      { name: 'OrgAdmin', description: null },
      { name: 'Auditor', description: null },
    ],
  }),
  'get-mob-dial-code': success({
    dialCodes: [
      { countryCode: 'DE', name: 'Germany', dialCode: '+49' },
      { countryCode: 'TR', name: 'Turkey', dialCode: '+90' },
      { countryCode: 'US', name: 'United States', dialCode: '+1' },
      { countryCode: 'BS', name: 'Bahamas', dialCode: '+1242' },
    ],
  }),
};

export const existing: UserListItem = {
  userName: 'sub-7',
  email: 'ada@example.com',
  emailVerified: true,
  givenName: 'Ada',
  familyName: 'Lovelace',
  phoneNumber: '+12425551234',
  role: 'OrgAdmin',
  organisationId: 'site-1',
  enabled: true,
  cognitoStatus: 'CONFIRMED',
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
  status: 'ENABLED',
  locked: false,
  mfaEnrolled: true,
};

export const serve = (other: Record<string, ApiAnswer> = {}) =>
  fakeApi(
    (path) => ({ ...REFERENCE, ...other })[path] ?? failure(500, 'INTERNAL', `unexpected ${path}`),
  );

export const renderAt = (path: string) =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/user-management/create-user" element={<CreateUserPage />} />
            <Route path="/admin/user-management/edit-user" element={<EditUserPage />} />
            <Route path="/admin/user-management" element={<h1>The list</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );
