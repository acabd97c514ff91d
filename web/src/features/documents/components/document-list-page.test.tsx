import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve } from '../../../testing/registry-kit';
import { documentDetail, documentId, documentPage } from '../../../testing/document-fixtures';
import { DocumentListPage } from './document-list-page';
import { DELIVERED, HELD, list, location, setUpDocumentListTests } from './document-list-page-kit';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));
setUpDocumentListTests();

describe('the document list', () => {
  it('shows each document: sent, title, study and site, systems, classification, state, size', async () => {
    const u = userEvent.setup();
    serve({ 's3documents/list': list });
    renderScreen(<DocumentListPage />, '/admin/documents');
    const row = await screen.findByTestId(`document-row-${documentId(1)}`);
    for (const text of ['PZ-2025-01', 'Site 104', 'Klinikum eISF', 'Pharma eTMF', '1.2 MB']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText('Site → sponsor')).toBeInTheDocument();
    expect(within(row).getByTestId('classification-short')).toHaveTextContent(
      /^ISF-VL → maps to 05\.04\.04 → maps to TMF-0504$/,
    );
    expect(within(row).getByTestId('document-state')).toHaveTextContent('Delivered');
    expect(within(row).getByRole('link', { name: 'Visit log 1' })).toHaveAttribute(
      'href',
      `/admin/documents/view?documentId=${documentId(1)}`,
    );
    // Not classified yet: the path goes as far as the hub has come.
    expect(
      within(screen.getByTestId(`document-row-${documentId(3)}`)).getByTestId(
        'classification-short',
      ),
    ).toHaveTextContent(/^ISF-VL$/);
    expect(screen.getByRole('table', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Sent',
      'Title',
      'Study and site',
      'Sender → receiver',
      'Classification',
      'State',
      'Size',
    ]);

    // A page may hold fewer rows than asked: the pager goes on by the cursor.
    await u.click(screen.getByRole('button', { name: 'Next' }));
    const held = await screen.findByTestId(`document-row-${documentId(2)}`);
    expect(within(held).getByTestId('hold-reason')).toHaveTextContent("Sender's type not mapped");
    expect(within(held).queryByTestId('classification-short')).toBeNull();
    expect(within(held).getByText('800 bytes')).toBeInTheDocument();
    // A click anywhere on the row opens the document.
    await u.click(within(held).getByText('PZ-2025-01'));
    expect(location()).toBe(`/admin/documents/view?documentId=${documentId(2)}`);
  });

  it('takes study and connection from the link, as removable chips, and sends every filter', async () => {
    const u = userEvent.setup();
    const calls = serve({ 's3documents/list': documentPage([DELIVERED]) });
    renderScreen(<DocumentListPage />, '/admin/documents?studyId=study-1&connectionId=con-1');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    expect(bodiesOf(calls, 's3documents/list')).toEqual([
      { studyId: 'study-1', connectionId: 'con-1', limit: '25' },
    ]);
    // The chips name the study and the connection by what the rows say of them.
    expect(screen.getByTestId('chip-studyId')).toHaveTextContent('Study: PZ-2025-01');
    expect(screen.getByTestId('chip-connectionId')).toHaveTextContent(
      'Connection: PZ-2025-01 · 104',
    );

    await u.selectOptions(screen.getByLabelText('State'), 'delivered');
    await u.selectOptions(screen.getByLabelText('Direction'), 'sponsor-to-site');
    await u.type(screen.getByLabelText('Artifact number'), '05.04');
    await u.type(screen.getByLabelText('Document type code'), ' ISF-VL ');
    await u.type(screen.getByLabelText('Sent from (day)'), '2025-02-01');
    await u.type(screen.getByLabelText('Sent until (day)'), '2025-02-28');
    const all = {
      studyId: 'study-1',
      connectionId: 'con-1',
      state: 'delivered',
      direction: 'sponsor-to-site',
      artifactNumber: '05.04',
      typeCode: 'ISF-VL',
      sentFrom: '2025-02-01',
      sentTo: '2025-02-28',
    };
    await waitFor(() => {
      expect(bodiesOf(calls, 's3documents/list').at(-1)).toEqual({ ...all, limit: '25' });
    });
    // The filters are in the address: a link reproduces the list.
    const address = new URL(location(), 'http://localhost');
    expect(address.pathname).toBe('/admin/documents');
    expect(Object.fromEntries(address.searchParams)).toEqual(all);

    await u.click(screen.getByRole('button', { name: 'Remove the study filter (PZ-2025-01)' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 's3documents/list').at(-1)).not.toHaveProperty('studyId');
    });
    expect(screen.queryByTestId('chip-studyId')).toBeNull();
    expect(location()).not.toContain('studyId');
    expect(location()).toContain('connectionId=con-1');

    await u.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 's3documents/list').at(-1)).toEqual({ limit: '25' });
    });
    expect(location()).toBe('/admin/documents');
    expect(screen.getByLabelText('Artifact number')).toHaveValue('');
  });

  it('offers the held queue as a quick filter', async () => {
    const u = userEvent.setup();
    const calls = serve({
      's3documents/list': (body) =>
        body.state === 'held' ? documentPage([HELD]) : documentPage([DELIVERED, HELD]),
    });
    renderScreen(<DocumentListPage />, '/admin/documents');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    const queues = screen.getByRole('group', { name: 'Documents to show' });
    expect(within(queues).getByRole('button', { name: 'All documents' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await u.click(within(queues).getByRole('button', { name: 'Held' }));
    await waitFor(() => {
      expect(screen.queryByTestId(`document-row-${documentId(1)}`)).toBeNull();
    });
    expect(screen.getByTestId(`document-row-${documentId(2)}`)).toBeInTheDocument();
    // The held queue by age: the longest waiting first.
    expect(bodiesOf(calls, 's3documents/list').at(-1)).toEqual({
      state: 'held',
      order: 'oldest',
      limit: '25',
    });
    expect(location()).toBe('/admin/documents?state=held&order=oldest');
    expect(screen.getByLabelText('Order')).toHaveValue('oldest');
    expect(within(queues).getByRole('button', { name: 'Held' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByLabelText('State')).toHaveValue('held');

    await u.click(within(queues).getByRole('button', { name: 'All documents' }));
    await screen.findByTestId(`document-row-${documentId(1)}`);
    // One request for each change, no more.
    expect(bodiesOf(calls, 's3documents/list')).toEqual([
      { limit: '25' },
      { state: 'held', order: 'oldest', limit: '25' },
      { order: 'oldest', limit: '25' },
    ]);
  });

  it('retries the held documents picked, each its own call, and says how it went', async () => {
    const u = userEvent.setup();
    const second = { ...HELD, documentId: documentId(4), title: 'Delegation log' };
    const quarantined = {
      ...HELD,
      documentId: documentId(5),
      title: 'Scan',
      holdReason: 'checksum-mismatch' as const,
    };
    let retried = false;
    const calls = serve({
      's3documents/list': () =>
        retried ? documentPage([second]) : documentPage([HELD, second, quarantined]),
      's3documents/retry': (body) => {
        retried = true;
        const id = (body as { documentId: string }).documentId;
        return id === HELD.documentId
          ? success({ document: documentDetail(2, { state: 'delivered', holdReason: null }) })
          : failure(409, 'CONFLICT', 'The document changed meanwhile.');
      },
    });
    renderScreen(<DocumentListPage />, '/admin/documents?state=held&order=oldest');
    await screen.findByTestId(`document-row-${HELD.documentId}`);
    // A box for each row the caller may retry (held for a mapping or a scan), none for the others.
    expect(
      screen.getByRole('checkbox', { name: 'Select “CV of the investigator” to retry' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`document-row-${documentId(5)}`)).queryByRole('checkbox'),
    ).toBeNull();
    const retry = screen.getByRole('button', { name: 'Retry selected (0)' });
    expect(retry).toBeDisabled();
    await u.click(
      screen.getByRole('checkbox', {
        name: 'Select every document on this page that can be retried (2)',
      }),
    );
    await u.click(screen.getByRole('button', { name: 'Retry selected (2)' }));
    expect(await screen.findByTestId('bulk-retry-notice')).toHaveTextContent(
      'Retried 2: 1 moved on, 0 still held, 1 could not be retried.',
    );
    expect(bodiesOf(calls, 's3documents/retry')).toEqual([
      { documentId: HELD.documentId },
      { documentId: documentId(4) },
    ]);
    // The list read again: what moved on is gone.
    await waitFor(() => {
      expect(screen.queryByTestId(`document-row-${HELD.documentId}`)).toBeNull();
    });
    expect(location()).toBe('/admin/documents?state=held&order=oldest');
  });

  it('opens the held queue from a link and says when nothing is held', async () => {
    serve({ 's3documents/list': documentPage([]) });
    renderScreen(<DocumentListPage />, '/admin/documents?state=held');
    expect(await screen.findByText('No document is held.')).toHaveAttribute('role', 'status');
  });

  it('sends only what the contract accepts: a half-typed artifact number waits, said why', async () => {
    const u = userEvent.setup();
    const calls = serve({ 's3documents/list': documentPage([DELIVERED]) });
    // A filter the contract refuses in the address is left out rather than sent.
    renderScreen(<DocumentListPage />, '/admin/documents?artifactNumber=5.4&sentFrom=yesterday');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    expect(bodiesOf(calls, 's3documents/list')).toEqual([{ limit: '25' }]);
    await u.type(screen.getByLabelText('Artifact number'), '05.4');
    expect(await screen.findByText(/An artifact number is written zz/)).toBeInTheDocument();
    expect(screen.getByLabelText('Artifact number')).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bodiesOf(calls, 's3documents/list')).toHaveLength(1);
  });

  it('says when a page holds no match but more follow, and when the list failed', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve({
      's3documents/list': (body) =>
        fail
          ? failure(500, 'INTERNAL', 'boom')
          : body.cursor === 'p2'
            ? documentPage([DELIVERED])
            : documentPage([], 'p2'),
    });
    renderScreen(<DocumentListPage />, '/admin/documents');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The documents could not be loaded.',
    );
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'No matching document on this page, but there are more: use Next to go on.',
      ),
    ).toHaveAttribute('role', 'status');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId(`document-row-${documentId(1)}`)).toBeInTheDocument();
  });

  it('speaks German and Turkish, sizes and dates in their formats', async () => {
    const { changeLanguage } = await import('../../../lib/i18n');
    serve({ 's3documents/list': documentPage([DELIVERED, HELD]) });
    await changeLanguage('de');
    try {
      renderScreen(<DocumentListPage />, '/admin/documents');
      expect(await screen.findByRole('heading', { name: 'Dokumente' })).toBeInTheDocument();
      const row = await screen.findByTestId(`document-row-${documentId(1)}`);
      expect(within(row).getByText('1,2 MB')).toBeInTheDocument();
      expect(within(row).getByText('Prüfstelle → Sponsor')).toBeInTheDocument();
      expect(within(row).getByTestId('document-state')).toHaveTextContent('Zugestellt');
      expect(within(row).getByText('03-Feb-2025 10:00 UTC')).toBeInTheDocument();
      const held = screen.getByTestId(`document-row-${documentId(2)}`);
      expect(within(held).getByText('800 Byte')).toBeInTheDocument();
      expect(within(held).getByTestId('hold-reason')).toHaveTextContent(
        'Typ des Absenders nicht zugeordnet',
      );
      await changeLanguage('tr');
      expect(await screen.findByRole('heading', { name: 'Belgeler' })).toBeInTheDocument();
      expect(within(row).getByTestId('document-state')).toHaveTextContent('Teslim edildi');
      expect(within(held).getByText('800 bayt')).toBeInTheDocument();
      expect(within(row).getByText('03-Şub-2025 10:00 UTC')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('the document list opened from a link (the dashboard’s figures)', () => {
  it('opens the documents held for a mapping: the filters sent, a chip, and the total', async () => {
    const u = userEvent.setup();
    const calls = serve({ 's3documents/list': documentPage([HELD], null, 5) });
    renderScreen(<DocumentListPage />, '/admin/documents?state=held&holdKind=mapping');
    await screen.findByTestId(`document-row-${documentId(2)}`);
    expect(bodiesOf(calls, 's3documents/list')).toEqual([
      { state: 'held', holdKind: 'mapping', limit: '25' },
    ]);
    expect(screen.getByLabelText('State')).toHaveValue('held');
    expect(screen.getByTestId('chip-holdKind')).toHaveTextContent(
      'Held: waiting for a mapping standard',
    );
    expect(screen.getByText('Showing 1 of 5')).toBeInTheDocument();

    await u.click(
      screen.getByRole('button', {
        name: 'Remove the filter: Held: waiting for a mapping standard',
      }),
    );
    await waitFor(() => {
      expect(bodiesOf(calls, 's3documents/list').at(-1)).toEqual({ state: 'held', limit: '25' });
    });
    expect(location()).toBe('/admin/documents?state=held');
    expect(screen.queryByTestId('chip-holdKind')).toBeNull();
  });

  it('opens a day’s documents in one direction, delivered, with the total', async () => {
    const calls = serve({ 's3documents/list': documentPage([DELIVERED], null, 12) });
    renderScreen(
      <DocumentListPage />,
      '/admin/documents?sentFrom=2026-11-01&sentTo=2026-11-01&direction=site-to-sponsor&delivered=true',
    );
    await screen.findByTestId(`document-row-${documentId(1)}`);
    expect(bodiesOf(calls, 's3documents/list')).toEqual([
      {
        sentFrom: '2026-11-01',
        sentTo: '2026-11-01',
        direction: 'site-to-sponsor',
        delivered: 'true',
        limit: '25',
      },
    ]);
    expect(screen.getByLabelText('Sent from (day)')).toHaveValue('01-Nov-2026');
    expect(screen.getByLabelText('Sent until (day)')).toHaveValue('01-Nov-2026');
    expect(screen.getByLabelText('Direction')).toHaveValue('site-to-sponsor');
    expect(screen.getByTestId('chip-delivered')).toHaveTextContent(
      'Delivered (including those acknowledged or sent back since)',
    );
    expect(screen.getByText('Showing 1 of 12')).toBeInTheDocument();
  });

  it('ignores what the contract refuses, and says no total where the server counts none', async () => {
    const calls = serve({ 's3documents/list': documentPage([DELIVERED]) });
    renderScreen(<DocumentListPage />, '/admin/documents?holdKind=file&delivered=yes&state=gone');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    expect(bodiesOf(calls, 's3documents/list')).toEqual([{ limit: '25' }]);
    expect(screen.queryByTestId('chip-holdKind')).toBeNull();
    expect(screen.queryByTestId('chip-delivered')).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
