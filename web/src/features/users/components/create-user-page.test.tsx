import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeApi, success } from '../../../testing/fake-api';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { existing, REFERENCE, renderAt, serve } from '../testing/user-form-fixtures';
import { setUpUserTests, signedInAs } from '../testing/user-test-setup';

setUpUserTests();

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
