import type { UserListItem } from '@ccsc/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { setProfile, type StoredProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { testConfig } from '../../../testing/render-app';
import { CreateUserPage } from './create-user-page';
import { EditUserPage } from './edit-user-page';

const REFERENCE: Record<string, ApiAnswer> = {
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

const existing: UserListItem = {
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

const serve = (other: Record<string, ApiAnswer> = {}) =>
  fakeApi(
    (path) => ({ ...REFERENCE, ...other })[path] ?? failure(500, 'INTERNAL', `unexpected ${path}`),
  );

const signedInAs = (profile: Partial<StoredProfile>) => {
  setProfile({
    givenName: null,
    familyName: null,
    email: 'me@example.com',
    role: 'PlatformAdmin',
    organisationId: null,
    ...profile,
  });
};

const renderAt = (path: string) =>
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

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('create user', () => {
  it('checks each field as it is typed, with the server’s rules', async () => {
    const u = userEvent.setup();
    serve();
    renderAt('/admin/user-management/create-user');
    await u.type(await screen.findByLabelText('Email'), 'ada lovelace');
    expect(
      await screen.findByText('Only following characters A-Za-z0-9_@.- are allowed.'),
    ).toBeInTheDocument();
    await u.type(screen.getByLabelText('Given name'), 'Ada<script>');
    expect(screen.getByText(/Only following characters A-Za-z0-9_@\.,!\*=/)).toBeInTheDocument();
    await u.type(screen.getByLabelText('Number'), '12ab');
    expect(screen.getByText('Only following number 0-9 are allowed.')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Number'));
    await u.type(screen.getByLabelText('Number'), '151');
    expect(screen.getByText('Choose a country code and enter the number.')).toBeInTheDocument();
  });

  it('checks the e-mail’s form and the family name’s characters, and clears a fixed problem', async () => {
    const u = userEvent.setup();
    serve();
    renderAt('/admin/user-management/create-user');
    const email = await screen.findByLabelText('Email');
    await u.type(email, 'ada@example');
    expect(
      screen.getByText('Email Address provided is not in the correct format'),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'Email Address provided is not in the correct format',
    );
    await u.type(email, '.com');
    expect(screen.queryByText('Email Address provided is not in the correct format')).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
    await u.type(screen.getByLabelText('Family name'), 'Lovelace<>');
    expect(screen.getByLabelText('Family name')).toHaveAttribute('aria-invalid', 'true');
    await u.clear(screen.getByLabelText('Family name'));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('requires the organisation except for a PlatformAdmin, and hides it then', async () => {
    const u = userEvent.setup();
    const calls = serve();
    renderAt('/admin/user-management/create-user');
    await u.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(4);
    await u.selectOptions(screen.getByLabelText('Role'), 'PlatformAdmin');
    expect(screen.queryByLabelText('Organisation')).toBeNull();
    expect(calls.filter((c) => c.path === 'create-user')).toEqual([]);
  });

  it('offers every organisation the caller may see, fetching every page, CROs apart', async () => {
    const u = userEvent.setup();
    const calls = fakeApi((path, body) => {
      if (path !== 'list-organisations') {
        return REFERENCE[path] ?? failure(500, 'INTERNAL', `unexpected ${path}`);
      }
      return (body as { cursor?: string }).cursor === 'page-2'
        ? registryPage('organisations', [
            organisation('cro-1', 'Studien GmbH', { kind: 'cro' }),
            organisation('site-9', 'Hastane Dokuz', { country: 'TR', status: 'inactive' }),
          ])
        : registryPage('organisations', [organisation('site-1', 'Klinikum Eins')], {
            total: 3,
            nextCursor: 'page-2',
          });
    });
    renderAt('/admin/user-management/create-user');
    await u.selectOptions(await screen.findByLabelText('Role'), 'OrgAdmin');
    const select = screen.getByLabelText('Organisation');
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual([
      'Sites',
      'Sponsors',
      'Contract research organisations (CROs)',
    ]);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Klinikum Eins', 'Hastane Dokuz']);
    expect(within(groups[2] as HTMLElement).getByRole('option')).toHaveTextContent('Studien GmbH');
    expect(calls.filter((c) => c.path === 'list-organisations').map((c) => c.body)).toEqual([
      { limit: 100 },
      { limit: 100, cursor: 'page-2' },
    ]);
  });

  it('invites with the phone as E.164 and goes back to the list', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'create-user': success({ user: existing }) });
    renderAt('/admin/user-management/create-user');
    await u.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
    await u.type(screen.getByLabelText('Given name'), 'Ada');
    await u.type(screen.getByLabelText('Family name'), 'Lovelace');
    await u.selectOptions(screen.getByLabelText('Country code'), '+49');
    await u.type(screen.getByLabelText('Number'), '151 1234 5678');
    await u.selectOptions(screen.getByLabelText('Role'), 'OrgAdmin');
    await u.selectOptions(screen.getByLabelText('Organisation'), 'sponsor-1');
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'create-user')?.body).toEqual({
      userAttributes: {
        email: 'ada@example.com',
        givenName: 'Ada',
        familyName: 'Lovelace',
        phoneNumber: '+4915112345678',
        role: 'OrgAdmin',
        organisationId: 'sponsor-1',
      },
    });
  });

  it('shows the server’s 409 on the e-mail field', async () => {
    const u = userEvent.setup();
    serve({
      'create-user': failure(
        409,
        'CONFLICT',
        'An account with this email address already exists.',
        [
          {
            path: 'userAttributes.email',
            message: 'An account with this email address already exists.',
          },
        ],
      ),
    });
    renderAt('/admin/user-management/create-user');
    await u.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Given name'), 'Ada');
    await u.type(screen.getByLabelText('Family name'), 'Lovelace');
    await u.selectOptions(screen.getByLabelText('Role'), 'Auditor');
    await u.selectOptions(screen.getByLabelText('Organisation'), 'site-1');
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('An account with this email address already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers an Auditor, who arrives by the address, no form', async () => {
    signedInAs({ role: 'Auditor' });
    const calls = serve();
    renderAt('/admin/user-management/create-user');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role can view users but not change them.',
    );
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the user list' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('fixes an OrgAdmin’s organisation to their own, and lets them give OrgAdmin or Auditor of it', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve({
      'list-all-groups': success({
        groups: [
          { name: 'OrgAdmin', description: null },
          { name: 'Auditor', description: null },
        ],
      }),
      'create-user': success({ user: existing }),
    });
    renderAt('/admin/user-management/create-user');
    const organisation = await screen.findByLabelText('Organisation');
    expect(organisation).toBeDisabled();
    expect(organisation).toHaveValue('site-1');
    expect(
      [...screen.getByLabelText<HTMLSelectElement>('Role').options].map((o) => o.value),
    ).toEqual(['', 'OrgAdmin', 'Auditor']);
    await u.type(screen.getByLabelText('Email'), 'grace@example.com');
    await u.type(screen.getByLabelText('Given name'), 'Grace');
    await u.type(screen.getByLabelText('Family name'), 'Hopper');
    await u.selectOptions(screen.getByLabelText('Role'), 'Auditor');
    // An Auditor of every organisation is not theirs to give.
    expect(screen.queryByRole('option', { name: 'Every organisation (reads all)' })).toBeNull();
    expect(screen.getByLabelText('Organisation')).toHaveValue('site-1');
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'create-user')?.body).toEqual({
      userAttributes: {
        email: 'grace@example.com',
        givenName: 'Grace',
        familyName: 'Hopper',
        role: 'Auditor',
        organisationId: 'site-1',
      },
    });
  });

  it('offers a PlatformAdmin an Auditor of every organisation, asked for with a null organisation', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'create-user': success({ user: existing }) });
    renderAt('/admin/user-management/create-user');
    await u.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await u.type(screen.getByLabelText('Given name'), 'Grace');
    await u.type(screen.getByLabelText('Family name'), 'Hopper');
    // Not for an OrgAdmin: they need one organisation.
    await u.selectOptions(screen.getByLabelText('Role'), 'OrgAdmin');
    expect(screen.queryByRole('option', { name: 'Every organisation (reads all)' })).toBeNull();
    await u.selectOptions(screen.getByLabelText('Role'), 'Auditor');
    const organisation = screen.getByLabelText<HTMLSelectElement>('Organisation');
    expect([...organisation.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose an organisation'],
      ['*', 'Every organisation (reads all)'],
      ['site-1', 'Klinikum Eins'],
      ['sponsor-1', 'Pharma Zwei'],
    ]);
    // Nothing is chosen for them: the widest reach is a choice, not a default.
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(organisation).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === 'create-user')).toEqual([]);
    await u.selectOptions(organisation, '*');
    expect(organisation).not.toHaveAttribute('aria-invalid');
    expect(organisation).toHaveAccessibleDescription(
      'This Auditor reads the users and the audit trail of every organisation.',
    );
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'create-user')?.body).toEqual({
      userAttributes: {
        email: 'grace@example.com',
        givenName: 'Grace',
        familyName: 'Hopper',
        role: 'Auditor',
        organisationId: null,
      },
    });
  });

  it('asks for an organisation again when an Auditor of every organisation becomes an OrgAdmin', async () => {
    const u = userEvent.setup();
    serve();
    renderAt('/admin/user-management/create-user');
    await u.selectOptions(await screen.findByLabelText('Role'), 'Auditor');
    await u.selectOptions(screen.getByLabelText('Organisation'), '*');
    await u.selectOptions(screen.getByLabelText('Role'), 'OrgAdmin');
    const organisation = screen.getByLabelText('Organisation');
    expect(organisation).toHaveValue('');
    expect(organisation).toHaveAttribute('aria-invalid', 'true');
    expect(organisation).toHaveAccessibleDescription('This field is required.');
  });
});

describe('edit user', () => {
  const editPath = '/admin/user-management/edit-user?userName=sub-7&email=ada%40example.com';

  it('loads the user, splits the phone by the longest dial code, and sends only what changed', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'update-user': success({ user: existing }),
    });
    renderAt(editPath);
    expect(await screen.findByLabelText('Given name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Country code')).toHaveValue('+1242');
    expect(screen.getByLabelText('Number')).toHaveValue('5551234');
    await u.clear(screen.getByLabelText('Family name'));
    await u.type(screen.getByLabelText('Family name'), 'Byron');
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'ada.byron@example.com');
    expect(screen.getByText(/must be confirmed by the user/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { email: 'ada.byron@example.com', familyName: 'Byron' },
    });
  });

  it('makes a PlatformAdmin of an OrgAdmin: the organisation goes, only the role is sent', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'update-user': success({ user: existing }),
    });
    renderAt(editPath);
    await screen.findByLabelText('Given name');
    expect(screen.getByLabelText('Organisation')).toHaveValue('site-1');
    await u.selectOptions(screen.getByLabelText('Role'), 'PlatformAdmin');
    expect(screen.queryByLabelText('Organisation')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { role: 'PlatformAdmin' },
    });
  });

  const auditorOf = (organisationId: string | null): UserListItem => ({
    ...existing,
    role: 'Auditor',
    organisationId,
  });

  it('makes an Auditor of one organisation an Auditor of every organisation: organisationId null', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({
        users: [auditorOf('site-1')],
        count: 1,
        total: 1,
        nextCursor: null,
      }),
      'update-user': success({ user: auditorOf(null) }),
    });
    renderAt(editPath);
    const organisation = await screen.findByLabelText('Organisation');
    expect(organisation).toHaveValue('site-1');
    await u.selectOptions(organisation, '*');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { organisationId: null },
    });
  });

  it('shows an Auditor of every organisation as such, and an OrgAdmin made of them needs an organisation', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({ users: [auditorOf(null)], count: 1, total: 1, nextCursor: null }),
      'update-user': success({ user: existing }),
    });
    renderAt(editPath);
    const organisation = await screen.findByLabelText('Organisation');
    expect(organisation).toHaveValue('*');
    expect(screen.getByRole('option', { name: 'Every organisation (reads all)' })).toHaveProperty(
      'selected',
      true,
    );
    await u.selectOptions(screen.getByLabelText('Role'), 'OrgAdmin');
    expect(screen.getByLabelText('Organisation')).toHaveValue('');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(calls.filter((c) => c.path === 'update-user')).toEqual([]);
    await u.selectOptions(screen.getByLabelText('Organisation'), 'sponsor-1');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { role: 'OrgAdmin', organisationId: 'sponsor-1' },
    });
  });

  it('makes an Auditor of an OrgAdmin, keeping the organisation: only the role is sent', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'update-user': success({ user: auditorOf('site-1') }),
    });
    renderAt(editPath);
    await u.selectOptions(await screen.findByLabelText('Role'), 'Auditor');
    expect(screen.getByLabelText('Organisation')).toHaveValue('site-1');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { role: 'Auditor' },
    });
  });

  it('lets an OrgAdmin make an Auditor of their own organisation, with no other organisation on offer', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'list-all-groups': success({
        groups: [
          { name: 'OrgAdmin', description: null },
          { name: 'Auditor', description: null },
        ],
      }),
      'update-user': success({ user: auditorOf('site-1') }),
    });
    renderAt(editPath);
    await u.selectOptions(await screen.findByLabelText('Role'), 'Auditor');
    expect(screen.getByLabelText('Organisation')).toBeDisabled();
    expect(screen.queryByRole('option', { name: 'Every organisation (reads all)' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { role: 'Auditor' },
    });
  });

  it('replaces a mobile number but does not pretend to remove it', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'update-user': success({ user: existing }),
    });
    renderAt(editPath);
    await screen.findByLabelText('Given name');
    await u.selectOptions(screen.getByLabelText('Country code'), '');
    await u.clear(screen.getByLabelText('Number'));
    expect(
      screen.getByText('A mobile number can be replaced but not removed.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(calls.filter((c) => c.path === 'update-user')).toEqual([]);
    await u.selectOptions(screen.getByLabelText('Country code'), '+90');
    await u.type(screen.getByLabelText('Number'), '5321234567');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(calls.find((c) => c.path === 'update-user')?.body).toEqual({
      userName: 'sub-7',
      userAttributes: { phoneNumber: '+905321234567' },
    });
  });

  it('does not offer a change of one’s own role', async () => {
    // The own account: the same Cognito user name (the e-mail is only an alias).
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1', userName: 'sub-7' });
    serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'list-all-groups': success({ groups: [{ name: 'OrgAdmin', description: null }] }),
    });
    renderAt(editPath);
    const role = await screen.findByLabelText('Role');
    expect(role).toBeDisabled();
    expect(role).toHaveValue('OrgAdmin');
    expect(role).toHaveAccessibleDescription('You cannot change your own role.');
  });

  it('shows the server’s problem on the field when a changed address is in use', async () => {
    const u = userEvent.setup();
    serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
      'update-user': failure(409, 'CONFLICT', 'A user with this e-mail address already exists.', [
        {
          path: 'userAttributes.email',
          message: 'A user with this e-mail address already exists.',
        },
      ]),
    });
    renderAt(editPath);
    const email = await screen.findByLabelText('Email');
    await u.clear(email);
    await u.type(email, 'grace@example.com');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('A user with this e-mail address already exists.'),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers a retry when the user could not be loaded', async () => {
    const u = userEvent.setup();
    let down = true;
    serve({
      get 'list-all-users'() {
        return down
          ? failure(503, 'UNAVAILABLE', 'Service unavailable')
          : success({ users: [existing], count: 1, total: 1, nextCursor: null });
      },
    });
    renderAt(editPath);
    expect(await screen.findByText('The user could not be loaded.')).toBeInTheDocument();
    down = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Given name')).toHaveValue('Ada');
  });

  it('says so when nothing changed, and when the user is not there', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-all-users': success({ users: [existing], count: 1, total: 1, nextCursor: null }),
    });
    const { unmount } = renderAt(editPath);
    await screen.findByLabelText('Given name');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has been changed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'update-user')).toEqual([]);
    unmount();
    renderAt('/admin/user-management/edit-user');
    expect(
      await screen.findByText('This user does not exist, or you may not see them.'),
    ).toBeInTheDocument();
  });
});
