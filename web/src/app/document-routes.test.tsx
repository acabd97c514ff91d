import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAgentSession, setProfile } from '../lib/session';
import { documentPage, documentSummary } from '../testing/document-fixtures';
import { fakeApi, failure, loadTestRuntimeConfig } from '../testing/fake-api';
import { renderAt } from '../testing/render-app';

// A signed-in browser has an ID token: the screens' calls do not end the session they found.
vi.mock('../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

/** The documents' chunk is imported on first use: in a busy test run that can take seconds. */
const LOADING = { timeout: 10_000 };

describe('the documents in the app', () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    setProfile({ givenName: null, familyName: null, email: 'me@example.com', role: 'Auditor' });
    setAgentSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are reached from the menu, after the mapping standards, and highlighted there', async () => {
    const user = userEvent.setup();
    fakeApi((path) =>
      path === 's3documents/list'
        ? documentPage([documentSummary(1)])
        : failure(500, 'INTERNAL', `unexpected ${path}`),
    );
    renderAt('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }, LOADING));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const names = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Documents')).toBe(names.indexOf('Artifact Mapping Standards') + 1);
    await user.click(within(menu).getByRole('link', { name: 'Documents' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documents' }, LOADING),
    ).toBeInTheDocument();
    expect(await screen.findByText('Visit log 1', {}, LOADING)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const again = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(again).getByRole('link', { name: 'Documents' })).toHaveClass('active');
  });

  it('opens a document at its own address, its menu entry highlighted', async () => {
    const user = userEvent.setup();
    fakeApi(() => failure(404, 'NOT_FOUND', 'No such document.'));
    renderAt(`/admin/documents/view?documentId=doc-${'0'.repeat(25)}1`);
    expect(await screen.findByText('No such document.', {}, LOADING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Documents' })).toHaveClass('active');
    expect(within(menu).getByRole('link', { name: 'Documents' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
