import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAgentSession, setProfile } from '../../lib/session';
import {
  documentPage,
  documentSummary,
  filedObject,
  importDetail,
  importPage,
  importSummary,
  studyCompleteness,
} from '../../testing/document-fixtures';
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
              : path === 's3documents/imports'
                ? success({ imports: [] })
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

  it(
    "opens an import from the study's imports, at its own address, and leads back to the study",
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
              : path === 's3documents/imports'
                ? success({ imports: [importSummary(1)] })
                : path === 's3documents/import-get'
                  ? importPage(importDetail(1), [filedObject(1)])
                  : failure(500, 'INTERNAL', `unexpected ${path}`),
      );
      renderAt('/admin/documents?studyId=study-1');
      // The list's eTMF-EMS imports goes to the imports of the study's completeness.
      const link = await screen.findByRole('link', { name: 'eTMF-EMS imports' }, LOADING);
      expect(link).toHaveAttribute('href', '/admin/documents/completeness?studyId=study-1#imports');
      await user.click(link);
      const section = await screen.findByRole('region', { name: 'eTMF-EMS imports' }, LOADING);
      await user.click(await within(section).findByRole('link', { name: 'cro-transfer-1.zip' }));
      // The import's page is lazy: its heading first (the study's imports list has an
      // `import-state` of its own, which a slow machine found while the study's page still
      // showed; the heading may also be rendered twice on the way, so it is waited for by text).
      await waitFor(() => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('eTMF-EMS import');
      }, LOADING);
      expect(await screen.findByTestId('import-state', {}, LOADING)).toHaveTextContent('Completed');
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents/import');
      // The filed objects are a query of their own: they may arrive after the import's state.
      expect(
        within(await screen.findByTestId('filed-1', {}, LOADING)).getByRole('button', {
          name: 'Download content/visit-log-1.pdf',
        }),
      ).toBeInTheDocument();
      // Its menu entry is the documents'.
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const menu = await screen.findByRole('dialog', { name: 'Menu' });
      expect(within(menu).getByRole('link', { name: 'Documents' })).toHaveClass('active');
      await user.keyboard('{Escape}');

      await user.click(screen.getByRole('link', { name: 'Back to the study' }));
      expect(await screen.findByTestId('completeness-study', {}, LOADING)).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents/completeness');
    },
  );
});
