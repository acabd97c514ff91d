import type { DistributionDetail, DistributionSite } from '@ccsc/contract/distributions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentPage, documentSummary } from '../../../testing/document-fixtures';
import { loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { connection } from '../../../testing/registry-fixtures';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { DistributionListPage } from './distribution-list-page';
import { DistributionPage } from './distribution-page';

const ID = 'dist-0000000000000000000000000001';

const site = (siteNumber: string, more: Partial<DistributionSite> = {}): DistributionSite => ({
  connectionId: `con-${siteNumber}`,
  siteNumber,
  siteOrganisationId: `org-${siteNumber}`,
  siteName: `Site ${siteNumber}`,
  documentId: `doc-${siteNumber}`,
  state: 'delivered',
  deliveredAt: '2025-03-12T09:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  overdue: false,
  reminders: [],
  ...more,
});

const distribution = (sites: DistributionSite[]): DistributionDetail => ({
  distributionId: ID,
  studyId: 'study-1',
  protocolNumber: 'PZ-2025-01',
  sponsorOrganisationId: 'sponsor-1',
  sponsorName: 'Pharma Zwei',
  sourceDocumentId: 'doc-1',
  title: 'IND safety report 7',
  fileName: 'ind-safety-7.pdf',
  overdueDays: 3,
  dueAt: '2025-03-15T09:00:00.000Z',
  createdAt: '2025-03-12T09:00:00.000Z',
  createdBy: 'sponsor@example.com',
  counts: {
    sites: sites.length,
    delivered: sites.filter((s) => s.deliveredAt !== null).length,
    acknowledged: sites.filter((s) => s.state === 'acknowledged').length,
    overdue: sites.filter((s) => s.overdue).length,
  },
  sites,
});

const TRACKED = distribution([
  site('101', {
    state: 'acknowledged',
    acknowledgedAt: '2025-03-12T10:00:00.000Z',
    acknowledgedBy: 'site@example.com',
  }),
  site('102', {
    state: 'acknowledged',
    acknowledgedAt: '2025-03-12T11:00:00.000Z',
    acknowledgedBy: 'system:sys-site-2',
  }),
  site('104', { state: 'overdue', overdue: true, reminders: ['2025-03-15T09:00:00.000Z'] }),
]);

/** The list's row of TRACKED: everything but its sites. */
const SUMMARY = Object.fromEntries(Object.entries(TRACKED).filter(([key]) => key !== 'sites'));

beforeEach(async () => {
  await loadTestRuntimeConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a distribution’s tracking', () => {
  it('shows the sponsor every site: who acknowledged when, who is overdue, the reminders', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    serve({ 'distributions/get': success({ distribution: TRACKED }) });
    renderScreen(<DistributionPage />, `/admin/distributions/view?distributionId=${ID}`);
    const overdue = await screen.findByTestId('site-row-104');
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdue).getByText(/^1 \(last/)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('site-row-102')).getByText('system:sys-site-2'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 of 3 sites')).toBeInTheDocument();
    // The sponsor does not acknowledge; it exports the evidence.
    expect(screen.queryByRole('button', { name: 'Acknowledge for our sites' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(
      screen.getByRole('region', { name: 'Sites and their acknowledgements' }),
    ).toBeInTheDocument();
  });

  it('lets a site’s OrgAdmin acknowledge for its sites', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'org-104' });
    const calls = serve({
      'distributions/get': success({ distribution: distribution([site('104')]) }),
      'distributions/acknowledge': success({
        distribution: distribution([
          site('104', {
            state: 'acknowledged',
            acknowledgedAt: '2025-03-13T08:00:00.000Z',
            acknowledgedBy: 'me@example.com',
          }),
        ]),
      }),
    });
    renderScreen(<DistributionPage />, `/admin/distributions/view?distributionId=${ID}`);
    await u.click(await screen.findByRole('button', { name: 'Acknowledge for our sites' }));
    expect(await screen.findByText('Acknowledged for your sites.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'distributions/acknowledge')).toEqual([{ distributionId: ID }]);
    expect(
      within(screen.getByTestId('site-row-104')).getByText('me@example.com'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge for our sites' })).toBeNull();
  });

  it('says so when the link names no distribution, and asks nothing', () => {
    signedInAs({});
    const calls = serve({});
    renderScreen(<DistributionPage />, '/admin/distributions/view?distributionId=nope');
    expect(screen.getByText('This link names no distribution.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('the distributions list and a new distribution', () => {
  it('offers a new distribution to an OrgAdmin, sends what was chosen, opens its tracking', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const calls = serve({
      'distributions/list': success({
        distributions: [SUMMARY],
        nextCursor: null,
      }),
      's3documents/list': documentPage([
        documentSummary(1, { title: 'IND safety report 7', direction: 'sponsor-to-site' }),
      ]),
      'list-connections': success({
        connections: [
          connection('con-101', { siteNumber: '101', siteName: 'Charité', siteSystemId: 's1' }),
          connection('con-104', { siteNumber: '104', siteName: 'Ankara', siteSystemId: 's3' }),
        ],
        count: 2,
        total: 2,
        nextCursor: null,
      }),
      'distributions/create': success({ distribution: TRACKED }),
    });
    renderScreen(<DistributionListPage />, '/admin/distributions');
    const row = await screen.findByTestId(`distribution-row-${ID}`);
    expect(within(row).getByText('2 of 3 sites')).toBeInTheDocument();
    expect(within(row).getByText('15-Mar-2025')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'New distribution' }));
    const dialog = await screen.findByRole('dialog');
    await u.selectOptions(
      await within(dialog).findByLabelText('Document'),
      within(dialog).getByRole('option', { name: /IND safety report 7/ }),
    );
    await u.click(within(dialog).getByLabelText('Only the sites chosen'));
    await u.click(await within(dialog).findByLabelText('Site 104 · Ankara'));
    const days = within(dialog).getByLabelText('Days until overdue');
    await u.clear(days);
    await u.type(days, '3');
    await u.click(within(dialog).getByRole('button', { name: 'Distribute' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/admin/distributions/view?distributionId=${ID}`,
    );
    expect(bodiesOf(calls, 'distributions/create')).toEqual([
      {
        sourceDocumentId: 'doc-00000000000000000000000001',
        overdueDays: 3,
        connectionIds: ['con-104'],
      },
    ]);
  });

  it('counts one site in the singular', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const one = { ...SUMMARY, counts: { sites: 1, delivered: 1, acknowledged: 0, overdue: 0 } };
    serve({ 'distributions/list': success({ distributions: [one], nextCursor: null }) });
    renderScreen(<DistributionListPage />, '/admin/distributions');
    const row = await screen.findByTestId(`distribution-row-${ID}`);
    expect(within(row).getByText('0 of 1 site')).toBeInTheDocument();
  });

  it('offers none to an Auditor', async () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve({ 'distributions/list': success({ distributions: [], nextCursor: null }) });
    renderScreen(<DistributionListPage />, '/admin/distributions');
    expect(await screen.findByText('No distributions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New distribution' })).toBeNull();
  });
});
