import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAgentSession, setProfile } from '../lib/session';
import { documentDetail, documentId } from '../testing/document-fixtures';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../testing/fake-api';
import { orgSystem, organisation, registryPage, study } from '../testing/registry-fixtures';
import { renderAt } from '../testing/render-app';
import { standardPage, standardSummary } from '../testing/standard-fixtures';
import { user } from '../features/users/testing/user-list-fixtures';
import { isPaletteShortcut } from './command-palette';

vi.mock('../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

const KLINIKUM = organisation('org-klinikum', 'Klinikum Nord');

/** The lists' answers to a search (the dashboard's and the bell's calls wait). */
const answers =
  (overrides: Record<string, ApiAnswer> = {}) =>
  (path: string) => {
    if (path.startsWith('dashboard/') || path.startsWith('notifications/'))
      return 'no-answer' as const;
    const fixed: Record<string, ApiAnswer> = {
      'list-all-users': success({
        users: [user(1, { givenName: 'Klara', familyName: 'Keller', email: 'klara@example.com' })],
        count: 1,
        total: 1,
        nextCursor: null,
      }),
      'list-organisations': registryPage('organisations', [KLINIKUM]),
      getOrgSysList: registryPage('systems', [
        orgSystem('sys-kl', KLINIKUM, { name: 'Klinikum eISF' }),
      ]),
      'list-studies': registryPage('studies', [
        study('st-1', KLINIKUM, { protocolNumber: 'KL-001' }),
      ]),
      'artifact/list-standards': standardPage([standardSummary('std-kl', 'Klinikum mapping')]),
      ...overrides,
    };
    return fixed[path] ?? failure(500, 'INTERNAL', `unexpected ${path}`);
  };

const openPalette = async () => {
  await loadTestRuntimeConfig();
  setAgentSession();
  setProfile({ givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' });
  renderAt('/admin/dashboard');
  await screen.findByRole('button', { name: 'Logout' }, { timeout: 10_000 });
  await userEvent.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Go to' });
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('command palette (issue 37)', () => {
  it('opens with Ctrl-K or ⌘-K only', () => {
    const key = { key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isPaletteShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isPaletteShortcut({ ...key, metaKey: true, key: 'K' })).toBe(true);
    expect(isPaletteShortcut(key)).toBe(false);
    expect(isPaletteShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isPaletteShortcut({ ...key, ctrlKey: true, key: 'j' })).toBe(false);
  });

  it('finds pages and every kind of record, and opens the one chosen with the keyboard', async () => {
    const calls = fakeApi(answers());
    const dialog = await openPalette();
    const field = within(dialog).getByRole('combobox', { name: /Page, user, organisation/ });
    expect(field).toHaveFocus();
    await userEvent.type(field, 'kl');

    const list = within(dialog).getByRole('listbox');
    await waitFor(() => {
      expect(within(list).getAllByRole('option')).toHaveLength(5);
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('5 found');
    const groups = within(list)
      .getAllByRole('group')
      .map((g) => g.getAttribute('aria-labelledby'));
    expect(groups).toHaveLength(5);
    expect(within(list).getByRole('group', { name: 'Users' })).toHaveTextContent(
      'Klara Kellerklara@example.com',
    );
    expect(within(list).getByRole('group', { name: 'Studies' })).toHaveTextContent('KL-001');
    // Each list's own search, five at most: the server decides what the caller may find.
    const searched = calls.filter((c) => !/^(dashboard|notifications)\//.test(c.path));
    expect(searched.map((c) => c.path).sort()).toEqual([
      'artifact/list-standards',
      'getOrgSysList',
      'list-all-users',
      'list-organisations',
      'list-studies',
    ]);
    expect(searched.find((c) => c.path === 'list-all-users')?.body).toEqual({
      search: 'kl',
      limit: 5,
    });

    // The first option is active; Down moves to the second (the organisation), Enter opens it.
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      within(list).getAllByRole('option')[0]?.id,
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/organisations/org-klinikum');
    });
    expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument();
  });

  it('finds the menu’s pages by name without a request, and a document by its id', async () => {
    const id = documentId(7);
    fakeApi(
      answers({
        's3documents/get': success({
          document: documentDetail(7, { title: 'Protocol v2' }),
        }),
      }),
    );
    const dialog = await openPalette();
    const field = within(dialog).getByRole('combobox');
    await userEvent.type(field, 'aud');
    expect(within(dialog).getByRole('option', { name: /Audit Trail/i })).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, id);
    const option = await within(dialog).findByRole('option', { name: /Protocol v2/ });
    await userEvent.click(option);
    // The document's page (its id in the search, which the probe does not show).
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents/view');
    });
  });

  it('names a kind that could not be searched and still shows the others', async () => {
    fakeApi(answers({ 'list-all-users': failure(500, 'INTERNAL', 'down') }));
    const dialog = await openPalette();
    await userEvent.type(within(dialog).getByRole('combobox'), 'klinikum');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not be searched just now: Users.',
    );
    expect(within(dialog).getByRole('group', { name: 'Organisations' })).toBeInTheDocument();
  });

  it('says when nothing is found, and closes with Escape', async () => {
    const empty = success({ users: [], count: 0, total: 0, nextCursor: null });
    fakeApi(
      answers({
        'list-all-users': empty,
        'list-organisations': registryPage('organisations', []),
        getOrgSysList: registryPage('systems', []),
        'list-studies': registryPage('studies', []),
        'artifact/list-standards': standardPage([]),
      }),
    );
    const dialog = await openPalette();
    await userEvent.type(within(dialog).getByRole('combobox'), 'zzz');
    await waitFor(() => {
      expect(within(dialog).getByRole('status')).toHaveTextContent('Nothing found for “zzz”.');
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument();
    });
  });
});
