import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRequestView, ExpectedList } from '../utils/requests';
import { loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { changeLanguage } from '../../../lib/i18n';
import { StudyRequestsPage } from './study-requests-page';

const PAGE = '/admin/documents/requests?studyId=study-1';

const LIST: ExpectedList = {
  study: {
    studyId: 'study-1',
    protocolNumber: 'PZ-2025-01',
    title: 'A phase II study',
    sponsorOrganisationId: 'org-sponsor',
  },
  saved: false,
  revision: 0,
  rows: [
    { scope: { kind: 'all' }, artifactNumber: '05.02.04', dueDate: '2025-04-11', note: null },
    { scope: { kind: 'all' }, artifactNumber: '05.02.02', dueDate: '2025-04-11', note: null },
  ],
  updatedAt: null,
  updatedBy: null,
  sites: [
    {
      connectionId: 'con-1',
      siteNumber: '104',
      siteName: 'Klinikum Eins',
      country: 'DE',
      status: 'active',
    },
    {
      connectionId: 'con-2',
      siteNumber: '201',
      siteName: 'Hospital Two',
      country: 'GB',
      status: 'active',
    },
  ],
};

const request = (n: number, over: Partial<DocumentRequestView>): DocumentRequestView => ({
  requestId: `req-${String(n)}`,
  studyId: 'study-1',
  protocolNumber: 'PZ-2025-01',
  connectionId: 'con-1',
  siteNumber: '104',
  siteOrganisationId: 'org-site',
  siteName: 'Klinikum Eins',
  artifactNumber: '05.02.04',
  artifactName: 'Principal Investigator Curriculum Vitae',
  dueDate: '2025-03-14',
  note: null,
  state: 'open',
  createdAt: '2025-03-12T09:00:00.000Z',
  createdBy: 'sponsor@example.com',
  cancelledAt: null,
  fulfilledBy: null,
  ...over,
});

const REQUESTS = [
  request(1, {
    state: 'fulfilled',
    fulfilledBy: { documentId: 'doc-1', deliveredAt: '2025-03-13T10:00:00.000Z' },
  }),
  request(2, {
    artifactNumber: '05.02.02',
    artifactName: 'Protocol Signature Page',
    state: 'overdue',
  }),
];

const answers = {
  'expected-documents/get': success(LIST),
  'expected-documents/save': success({ ...LIST, saved: true, revision: 1 }),
  'document-requests/list': success({ requests: REQUESTS, nextCursor: null, total: 2 }),
  'document-requests/create': success({ requests: [request(3, {}), request(4, {})] }),
  'document-requests/cancel': success({ request: request(2, { state: 'cancelled' }) }),
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a study's expected documents and requests", () => {
  it("lets the sponsor's OrgAdmin edit the list from the template, request documents and cancel one", async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'org-sponsor' });
    const u = userEvent.setup();
    const calls = serve(answers);
    renderScreen(<StudyRequestsPage />, PAGE);
    expect(await screen.findByTestId('expected-template')).toHaveTextContent('template');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Expected documents and requests',
    );

    // The second row removed, the first one's due date changed, a row for one site added.
    await u.click(screen.getByRole('button', { name: 'Remove row 2' }));
    const due = screen.getByLabelText('Due date, row 1');
    await u.clear(due);
    await u.type(due, '2025-05-01');
    await u.click(screen.getByRole('button', { name: 'Add a row' }));
    await u.selectOptions(screen.getByLabelText('Expected from, row 2'), 'site:con-2');
    const artifact = screen.getByLabelText('TMF artifact, row 2');
    await u.clear(artifact);
    await u.type(artifact, '05.03.01');
    expect(artifact).toHaveAccessibleDescription('Trial Initiation Monitoring Report');
    await u.click(screen.getByRole('button', { name: 'Save the list' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 'expected-documents/save')).toHaveLength(1);
    });
    expect(bodiesOf(calls, 'expected-documents/save')[0]).toMatchObject({
      studyId: 'study-1',
      revision: 0,
      rows: [
        { scope: { kind: 'all' }, artifactNumber: '05.02.04', dueDate: '2025-05-01', note: null },
        { scope: { kind: 'site', connectionId: 'con-2' }, artifactNumber: '05.03.01' },
      ],
    });

    // Two artifacts of the list from the site chosen.
    await u.click(screen.getByLabelText(/05\.02\.04 Principal Investigator/));
    await u.click(screen.getByLabelText(/05\.02\.02 Protocol Signature Page/));
    await u.click(screen.getByLabelText('The sites I choose'));
    await u.click(screen.getByLabelText('104 Klinikum Eins'));
    await u.click(screen.getByRole('button', { name: 'Request 2 documents' }));
    expect(await screen.findByText('2 requests were sent.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'document-requests/create')).toEqual([
      {
        studyId: 'study-1',
        sites: { kind: 'some', connectionIds: ['con-1'] },
        artifacts: [
          { artifactNumber: '05.02.04', dueDate: '2025-04-11' },
          { artifactNumber: '05.02.02', dueDate: '2025-04-11' },
        ],
      },
    ]);

    // The requests with their states; only the overdue one can be cancelled.
    const fulfilled = screen.getByTestId('request-req-1');
    expect(fulfilled).toHaveTextContent('Fulfilled');
    expect(fulfilled).toHaveTextContent('delivered 13-Mar-2025');
    expect(within(fulfilled).queryByRole('button')).toBeNull();
    const overdue = screen.getByTestId('request-req-2');
    expect(overdue).toHaveTextContent('14-Mar-2025');
    expect(overdue).toHaveTextContent('Overdue');
    await u.click(
      within(overdue).getByRole('button', {
        name: 'Cancel the request for 05.02.02 from site 104',
      }),
    );
    await waitFor(() => {
      expect(bodiesOf(calls, 'document-requests/cancel')).toEqual([
        { studyId: 'study-1', requestId: 'req-2' },
      ]);
    });
  });

  it('shows an Auditor the list and the requests to read only', async () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve({
      ...answers,
      'expected-documents/get': success({
        ...LIST,
        saved: true,
        revision: 3,
        updatedAt: '2025-03-10T08:00:00.000Z',
        updatedBy: 'sponsor@example.com',
      }),
    });
    renderScreen(<StudyRequestsPage />, PAGE);
    expect(
      await screen.findByText('Last saved 10-Mar-2025 by sponsor@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('expected-row-0')).toHaveTextContent(
      'All sites05.02.04 Principal Investigator Curriculum Vitae11-Apr-2025',
    );
    expect(await screen.findByTestId('request-req-2')).toHaveTextContent('Overdue');
    expect(screen.queryByRole('button', { name: 'Save the list' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Request documents' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it.each([
    ['de', 'Erwartete Dokumente und Anforderungen', 'Überfällig'] as const,
    ['tr', 'Beklenen belgeler ve talepler', 'Gecikmiş'] as const,
  ])('in %s too', async (language, heading, overdue) => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve(answers);
    await changeLanguage(language);
    try {
      renderScreen(<StudyRequestsPage />, PAGE);
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
      expect(await screen.findByTestId('request-req-2')).toHaveTextContent(overdue);
    } finally {
      await changeLanguage('en');
    }
  });
});
