import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, serve } from '../testing/user-form-fixtures';
import { setUpUserTests } from '../testing/user-test-setup';

setUpUserTests();

// A field's problem shows once it was changed (or the form submitted); a change of another field
// that decides it (the dial code the number's, the role the organisation's) updates it then.
describe('the user form’s fields that decide another’s problem', () => {
  it('says the number is incomplete only once it was typed, and follows the dial code', async () => {
    const u = userEvent.setup();
    serve();
    renderAt('/admin/user-management/create-user');
    await u.selectOptions(await screen.findByLabelText('Country code'), '+49');
    expect(screen.getByLabelText('Number')).not.toHaveAttribute('aria-invalid');
    await u.selectOptions(screen.getByLabelText('Country code'), '');
    await u.type(screen.getByLabelText('Number'), '151');
    expect(screen.getByText('Choose a country code and enter the number.')).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Country code'), '+49');
    expect(screen.queryByText('Choose a country code and enter the number.')).toBeNull();
    await u.selectOptions(screen.getByLabelText('Country code'), '');
    expect(screen.getByText('Choose a country code and enter the number.')).toBeInTheDocument();
  });

  it('asks for the organisation once submitted, and again when the role needs one', async () => {
    const u = userEvent.setup();
    serve();
    renderAt('/admin/user-management/create-user');
    await u.selectOptions(await screen.findByLabelText('Role'), 'OrgAdmin');
    expect(screen.getByLabelText('Organisation')).not.toHaveAttribute('aria-invalid');
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByLabelText('Organisation')).toHaveAttribute('aria-invalid', 'true');
    await u.selectOptions(screen.getByLabelText('Role'), 'Auditor');
    await u.selectOptions(screen.getByLabelText('Organisation'), '*');
    expect(screen.getByLabelText('Organisation')).not.toHaveAttribute('aria-invalid');
    await u.selectOptions(screen.getByLabelText('Role'), 'OrgAdmin');
    expect(screen.getByLabelText('Organisation')).toHaveValue('');
    expect(screen.getByLabelText('Organisation')).toHaveAttribute('aria-invalid', 'true');
  });
});
