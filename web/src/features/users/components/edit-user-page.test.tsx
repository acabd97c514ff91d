import type { UserListItem } from '@ccsc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import { existing, renderAt, serve } from '../testing/user-form-fixtures';
import { setUpUserTests, signedInAs } from '../testing/user-test-setup';

setUpUserTests();

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
