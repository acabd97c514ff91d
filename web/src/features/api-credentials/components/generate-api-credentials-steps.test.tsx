import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { credentialPage } from '../../../testing/credential-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve } from '../../../testing/registry-kit';
import { GenerateApiCredentialsPage } from './generate-api-credentials-page';
import { CTMS, EISF, list, row, setUpCredentialListTests } from './generate-api-credentials-kit';

setUpCredentialListTests();

describe('the steps on a credential', () => {
  it('revokes after a confirmation naming the system and organisation, with the revision and reason', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-api-credentials': list,
      deleteApiCredential: success({
        credential: { ...EISF, status: 'revoked', revision: 4 },
      }),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    await u.click(screen.getByRole('button', { name: 'Revoke for Klinikum eISF (Klinikum Eins)' }));
    const dialog = await screen.findByTestId('credential-revoke-dialog');
    expect(
      within(dialog).getByRole('heading', { name: 'Revoke the credential of Klinikum eISF' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Revoke the API credential of Klinikum eISF (Klinikum Eins)? Its client is deleted',
    );
    expect(dialog).toHaveTextContent('This is final');
    await u.type(within(dialog).getByLabelText('Reason (optional)'), 'System retired');
    await u.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('credentials-notice')).toHaveTextContent(
      'The credential of Klinikum eISF (Klinikum Eins) was revoked.',
    );
    expect(bodiesOf(calls, 'deleteApiCredential')).toEqual([
      { apiId: 'eisf-0001', revision: 3, reason: 'System retired' },
    ]);
  });

  it('rotates with a grace period (7 days unless changed, 0 to 30) and explains both secrets work', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-api-credentials': list,
      resendApiCredential: success({
        credential: {
          ...EISF,
          rotation: { graceDays: 3, revealedAt: null, retiresAt: null },
          revision: 4,
        },
      }),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    await u.click(screen.getByRole('button', { name: 'Rotate for Klinikum eISF (Klinikum Eins)' }));
    const dialog = await screen.findByTestId('credential-rotate-dialog');
    expect(dialog).toHaveTextContent(
      'both the old and the new secret work until the grace period ends',
    );
    const grace = within(dialog).getByLabelText('Grace period in days');
    expect(grace).toHaveValue(7);
    await u.clear(grace);
    await u.type(grace, '31');
    await u.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(within(dialog).getByText('Enter a whole number of days from 0 to 30.')).toBeVisible();
    expect(bodiesOf(calls, 'resendApiCredential')).toEqual([]);
    await u.clear(grace);
    await u.type(grace, '3');
    await u.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByTestId('credentials-notice')).toHaveTextContent(
      'The old one keeps working for 3 days after the new one is revealed.',
    );
    expect(bodiesOf(calls, 'resendApiCredential')).toEqual([
      { apiId: 'eisf-0001', revision: 3, graceDays: 3 },
    ]);
  });

  it('sends a pending credential a new link; a stale revision is said in the dialog and the list reloaded', async () => {
    const u = userEvent.setup();
    let resends = 0;
    let fresh = false;
    const calls = serve({
      'list-api-credentials': () =>
        success(credentialPage([EISF, fresh ? { ...CTMS, revision: 4 } : CTMS])),
      resendApiCredential: () => {
        resends += 1;
        if (resends === 1) {
          fresh = true;
          return failure(409, 'CONFLICT', 'The credential was changed meanwhile.');
        }
        return success({ credential: { ...CTMS, revision: 5 } });
      },
    });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Pharma CTMS');
    await u.click(
      screen.getByRole('button', { name: 'Send a new link for Pharma CTMS (Pharma Zwei)' }),
    );
    const dialog = await screen.findByTestId('credential-resend-dialog');
    expect(dialog).toHaveTextContent(
      'A new one-time link for Pharma CTMS (Pharma Zwei) goes to tech@klinikum.example. The link sent before stops working.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Send a new link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The credential was changed meanwhile.',
    );
    // The list was loaded again: the dialog now sends the revision it shows.
    await waitFor(() => {
      expect(bodiesOf(calls, 'list-api-credentials')).toHaveLength(2);
    });
    await u.click(within(dialog).getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByTestId('credentials-notice')).toHaveTextContent(
      'A new link for Pharma CTMS went to tech@klinikum.example',
    );
    expect(bodiesOf(calls, 'resendApiCredential')).toEqual([
      { apiId: 'ctms-0001', revision: 3 },
      { apiId: 'ctms-0001', revision: 4 },
    ]);
  });

  it('ends a revealed rotation’s grace now', async () => {
    const u = userEvent.setup();
    const rotating = {
      ...EISF,
      rotation: {
        graceDays: 7,
        revealedAt: '2025-02-27T10:00:00.000Z',
        retiresAt: '2025-03-06T10:00:00.000Z',
      },
    };
    const calls = serve({
      'list-api-credentials': success(credentialPage([rotating])),
      'retire-api-credential-secret': success({
        credential: { ...EISF, rotation: null, revision: 4 },
      }),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    const eisf = await row('Klinikum eISF');
    expect(
      within(eisf).getByText(/Old secret works until 06-Mar-2025 \d\d:\d\d UTC/),
    ).toBeInTheDocument();
    expect(within(eisf).queryByRole('button', { name: /^Rotate/ })).toBeNull();
    await u.click(within(eisf).getByRole('button', { name: /^End grace now/ }));
    const dialog = await screen.findByTestId('credential-retire-dialog');
    await u.click(within(dialog).getByRole('button', { name: 'End grace now' }));
    expect(await screen.findByTestId('credentials-notice')).toHaveTextContent(
      'The old secret of Klinikum eISF was deleted; only the new one works.',
    );
    expect(bodiesOf(calls, 'retire-api-credential-secret')).toEqual([
      { apiId: 'eisf-0001', revision: 3 },
    ]);
  });

  it('downloads the scope document from the link the server gives', async () => {
    const u = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    const calls = serve({
      'list-api-credentials': list,
      downloadApiScope: success({
        url: 'https://files.example/scope-eisf.md',
        fileName: 'scope-eisf.md',
        expiresAt: '2025-03-01T10:05:00.000Z',
      }),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    await u.click(
      screen.getByRole('button', { name: 'Scope document for Klinikum eISF (Klinikum Eins)' }),
    );
    expect(await screen.findByRole('link', { name: 'Download scope-eisf.md' })).toHaveAttribute(
      'href',
      'https://files.example/scope-eisf.md',
    );
    expect(clicked).toEqual(['https://files.example/scope-eisf.md']);
    expect(bodiesOf(calls, 'downloadApiScope')).toEqual([{ apiId: 'eisf-0001' }]);
  });
});
