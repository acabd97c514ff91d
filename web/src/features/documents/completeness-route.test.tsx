import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAgentSession, setProfile } from '../../lib/session';
import { documentPage, documentSummary, studyCompleteness } from '../../testing/document-fixtures';
import { fakeApi, failure, loadTestRuntimeConfig, success } from '../../testing/fake-api';
import { renderAt } from '../../testing/render-app';
import { catalogueAnswer } from '../../testing/standard-fixtures';

// A signed-in browser has an ID token: the screens' calls do not end the session they found.
vi.mock('../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

/** The documents' chunk is imported on first use: in a busy test run that can take seconds. */
const LOADING = { timeout: 10_000 };

describe("a study's completeness in the app", () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    setProfile({ givenName: null, familyName: null, email: 'me@example.com', role: 'Auditor' });
    setAgentSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it(
    'is reached from the documents of a study and leads back to them',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      fakeApi((path) =>
        path === 's3documents/list'
          ? documentPage([documentSummary(1)])
          : path === 'artifact/study-completeness'
            ? success(studyCompleteness())
            : path === 'artifact/catalogue'
              ? catalogueAnswer
              : failure(500, 'INTERNAL', `unexpected ${path}`),
      );
      renderAt('/admin/documents?studyId=study-1');
      await user.click(await screen.findByRole('link', { name: 'Completeness' }, LOADING));
      expect(await screen.findByTestId('completeness-study', {}, LOADING)).toHaveTextContent(
        'PZ-2025-01',
      );
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents/completeness');
      // Its menu entry is the documents'.
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const menu = await screen.findByRole('dialog', { name: 'Menu' });
      expect(within(menu).getByRole('link', { name: 'Documents' })).toHaveClass('active');
      await user.keyboard('{Escape}');

      await user.click(screen.getByRole('link', { name: 'Back to the documents of this study' }));
      expect(await screen.findByTestId('chip-studyId', {}, LOADING)).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/documents$/);
    },
  );
});
