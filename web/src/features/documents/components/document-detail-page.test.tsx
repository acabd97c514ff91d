import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../lib/download';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import {
  CLASSIFIED,
  documentAnswer,
  documentDetail,
  documentId,
} from '../../../testing/document-fixtures';
import { DocumentDetailPage } from './document-detail-page';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));

const ID = documentId(7);
const PATH = `/admin/documents/view?documentId=${ID}`;
const DELIVERED = documentDetail(7);
/** Held at the receiver: the sender's side and the artifact are known, the receiver's not. */
const HELD = documentDetail(7, {
  state: 'held',
  holdReason: 'receiver-artifact-unmapped',
  holdDetail: 'Pharma eTMF maps no type to 05.04.04 in standard std-pharma00001 version 4.',
  receiverTypeCode: null,
  classification: { ...CLASSIFIED, receiver: null },
  downloads: [],
  downloadCount: 0,
});

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(downloadFile).mockReset();
});

const open = async () => {
  renderScreen(<DocumentDetailPage />, PATH);
  return screen.findByRole('heading', { level: 1, name: 'Visit log 7' });
};

describe('a document', () => {
  it('shows the classification path, every field, the timeline and the downloads', async () => {
    const calls = serve({ 's3documents/get': documentAnswer(DELIVERED) });
    await open();
    expect(bodiesOf(calls, 's3documents/get')).toEqual([{ documentId: ID }]);
    expect(screen.getByTestId('document-state')).toHaveTextContent('Delivered');

    const sender = screen.getByTestId('path-sender');
    expect(sender).toHaveTextContent("1. The sender's document type");
    expect(sender).toHaveTextContent('ISF-VLVisit log (ISF)');
    expect(sender).toHaveTextContent('System Klinikum eISF of Klinikum Eins');
    expect(
      within(sender).getByRole('link', { name: 'Mapping standard std-klinikum0001, version 2' }),
    ).toHaveAttribute(
      'href',
      '/admin/artifact/view-edit-standard?standardId=std-klinikum0001&version=2',
    );
    const artifact = screen.getByTestId('path-artifact');
    for (const text of [
      '05.04.04Visit Log',
      'Zone and section: Site Management / Site Management',
      'Sub-artifact: Monitoring Visit Log',
      'Filing level: Site',
      'Catalogue: TMF Reference Model 3.3',
    ]) {
      expect(artifact).toHaveTextContent(text);
    }
    const receiver = screen.getByTestId('path-receiver');
    expect(receiver).toHaveTextContent('TMF-0504Monitoring visit log');
    expect(
      within(receiver).getByRole('link', { name: 'Mapping standard std-pharma00001, version 4' }),
    ).toHaveAttribute(
      'href',
      '/admin/artifact/view-edit-standard?standardId=std-pharma00001&version=4',
    );

    const facts = screen.getByTestId('document-facts');
    for (const text of [ID, 'visit-log-7.pdf', 'application/pdf', 'ISF-VL', '01-Feb-2025']) {
      expect(within(facts).getByText(text)).toBeInTheDocument();
    }
    const integrity = screen.getByTestId('document-integrity');
    expect(within(integrity).getByTestId('sha256')).toHaveTextContent('ab'.repeat(32));
    expect(within(integrity).getByTestId('sha256')).toHaveClass('font-monospace');
    expect(
      within(integrity).getByRole('button', { name: 'Copy the SHA-256 checksum' }),
    ).toBeInTheDocument();
    expect(integrity).toHaveTextContent('Size announced1.2 MB (1,234,567 bytes)');
    expect(integrity).toHaveTextContent('Size received1.2 MB (1,234,567 bytes)');
    expect(within(integrity).queryByTestId('size-differs')).toBeNull();
    const exchange = screen.getByTestId('document-exchange');
    expect(
      within(exchange).getByRole('link', { name: 'Every document of this study' }),
    ).toHaveAttribute('href', '/admin/documents?studyId=study-1');
    expect(
      within(exchange).getByRole('link', { name: 'Every document of this connection' }),
    ).toHaveAttribute('href', '/admin/documents?connectionId=con-1');

    const timeline = screen.getByTestId('document-timeline');
    const rows = within(timeline).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Announced', 'Klinikum eISF (system)', '—'],
      ['Received and checked', 'The hub', 'SHA-256 matches'],
      ['Delivered', 'The hub', '—'],
    ]);
    expect(screen.getByTestId('download-count')).toHaveTextContent(
      'Downloaded once from the console.',
    );
    expect(
      within(screen.getByTestId('document-downloads')).getByText('auditor@example.com'),
    ).toBeInTheDocument();
    // Nothing held: no Retry.
    expect(screen.queryByTestId('hold')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry classification' })).toBeNull();
  });

  it('downloads through the link the server gives, then shows the download', async () => {
    const u = userEvent.setup();
    let downloaded = false;
    const calls = serve({
      's3documents/get': () =>
        documentAnswer(
          downloaded
            ? {
                ...DELIVERED,
                downloads: [
                  { at: '2025-02-05T09:00:00.000Z', by: 'me@example.com' },
                  ...DELIVERED.downloads,
                ],
                downloadCount: 2,
              }
            : DELIVERED,
        ),
      's3documents/download': () => {
        downloaded = true;
        return success({
          url: 'https://files.example/visit-log-7.pdf?sig=1',
          expiresAt: '2025-02-05T09:05:00.000Z',
          fileName: 'visit-log-7.pdf',
        });
      },
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByTestId('document-notice')).toHaveTextContent(
      'The download of visit-log-7.pdf has started.',
    );
    expect(bodiesOf(calls, 's3documents/download')).toEqual([{ documentId: ID }]);
    expect(downloadFile).toHaveBeenCalledWith(
      'https://files.example/visit-log-7.pdf?sig=1',
      'visit-log-7.pdf',
    );
    expect(await screen.findByText('me@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('download-count')).toHaveTextContent(
      'Downloaded 2 times from the console.',
    );
    expect(bodiesOf(calls, 's3documents/get')).toHaveLength(2);
  });

  it("says why a download was refused, and offers none before the file's upload", async () => {
    const u = userEvent.setup();
    serve({
      's3documents/get': documentAnswer(DELIVERED),
      's3documents/download': failure(409, 'CONFLICT', 'The file is not there yet.'),
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not there yet.');
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('offers no download while the file is awaited, and says the sizes when they differ', async () => {
    serve({
      's3documents/get': documentAnswer(
        documentDetail(7, { state: 'awaiting-upload', receivedSize: null, classification: null }),
      ),
    });
    await open();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download' })).toHaveAccessibleDescription(
      'The file has not been uploaded yet.',
    );
    expect(screen.getByTestId('document-integrity')).toHaveTextContent(
      'Size receivedNot received yet',
    );
    expect(screen.getByTestId('path-receiver')).toHaveTextContent('TMF-0504');
  });

  it('introduces the hub’s English record of a hold as such on a German page, marked English', async () => {
    serve({ 's3documents/get': documentAnswer(HELD) });
    const { changeLanguage } = await import('../../../lib/i18n');
    await changeLanguage('de');
    try {
      renderScreen(<DocumentDetailPage />, PATH);
      const detail = await screen.findByTestId('hold-detail');
      expect(detail).toHaveTextContent('Eintrag des Hubs (auf Englisch): Pharma eTMF maps no type');
      expect(within(detail).getByText(/Pharma eTMF maps no type/)).toHaveAttribute('lang', 'en');
    } finally {
      await changeLanguage('en');
    }
  });

  it('shows a held document why, and offers an administrator Retry and Map this type', async () => {
    const u = userEvent.setup();
    const calls = serve({
      's3documents/get': documentAnswer(HELD),
      's3documents/retry': documentAnswer({
        ...HELD,
        holdReason: 'receiver-no-standard',
      }),
    });
    await open();
    const hold = screen.getByTestId('hold');
    expect(within(hold).getByTestId('hold-reason')).toHaveTextContent(
      'Artifact not mapped for receiver',
    );
    expect(hold).toHaveTextContent(
      "The receiving system's mapping standard maps none of its document types to this artifact.",
    );
    expect(within(hold).getByTestId('hold-detail')).toHaveTextContent(
      'Pharma eTMF maps no type to 05.04.04',
    );
    expect(screen.getByTestId('path-receiver')).toHaveTextContent('Not mapped yet');
    expect(
      within(screen.getByTestId('path-receiver')).getByTestId('hold-reason'),
    ).toBeInTheDocument();
    // The receiver's side is unmapped, but its system's standard is known: it opens that one,
    // at the version in use, looking for the artifact.
    const map = within(hold).getByRole('link', { name: 'Map this type' });
    expect(map).toHaveAttribute(
      'href',
      '/admin/artifact/view-edit-standard?standardId=std-pharma00001&version=4&artifact=05.04.04',
    );
    expect(map).toHaveAccessibleDescription(
      'Opens the mapping standard of Pharma eTMF (Pharma Zwei), the receiving system, at the artifact 05.04.04 Visit Log.',
    );
    expect(screen.getByTestId('download-count')).toHaveTextContent(
      'Nobody has downloaded it from the console yet.',
    );

    await u.click(within(hold).getByRole('button', { name: 'Retry classification' }));
    expect(await screen.findByTestId('document-notice')).toHaveTextContent(
      'The document is still held. The receiving system has no published mapping standard.',
    );
    expect(bodiesOf(calls, 's3documents/retry')).toEqual([{ documentId: ID }]);
    expect(within(screen.getByTestId('hold')).getByTestId('hold-reason')).toHaveTextContent(
      'Receiver has no standard',
    );
  });

  it("opens the sender's standard when the document names it, and tells a delivered retry", async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    serve({
      's3documents/get': documentAnswer({ ...HELD, holdReason: 'sender-type-unmapped' }),
      's3documents/retry': documentAnswer(DELIVERED),
    });
    await open();
    expect(screen.getByRole('link', { name: 'Map this type' })).toHaveAttribute(
      'href',
      '/admin/artifact/view-edit-standard?standardId=std-klinikum0001&version=2&code=ISF-VL',
    );
    await u.click(screen.getByRole('button', { name: 'Retry classification' }));
    expect(await screen.findByTestId('document-notice')).toHaveTextContent(
      'The hub classified the document again: it is now "Delivered".',
    );
    expect(screen.queryByTestId('hold')).toBeNull();
  });

  it('leads Map this type to what each hold reason lacks: the row, or a standard at all', async () => {
    signedInAs({ role: 'PlatformAdmin', organisationId: null });
    const NONE = { sender: null, receiver: null };
    const cases = [
      {
        held: { holdReason: 'sender-type-unmapped', typeCode: 'FDA-1572', classification: null },
        href: '/admin/artifact/view-edit-standard?standardId=std-klinikum0001&version=2&code=FDA-1572',
        hint: 'Opens the mapping standard of Klinikum eISF (Klinikum Eins), the sending system, at the document type FDA-1572.',
      },
      {
        held: { holdReason: 'receiver-artifact-unmapped' },
        href: '/admin/artifact/view-edit-standard?standardId=std-pharma00001&version=4&artifact=05.04.04',
        hint: 'Opens the mapping standard of Pharma eTMF (Pharma Zwei), the receiving system, at the artifact 05.04.04 Visit Log.',
      },
      {
        held: { holdReason: 'sender-no-standard', classification: null, standards: NONE },
        href: '/admin/artifact/list-of-mapping-standards?organisationId=site-1',
        hint: 'Opens the mapping standards of Klinikum Eins: find or create the one of Klinikum eISF, the sending system.',
      },
      {
        held: { holdReason: 'receiver-no-standard', standards: NONE },
        href: '/admin/artifact/list-of-mapping-standards?organisationId=sponsor-1',
        hint: 'Opens the mapping standards of Pharma Zwei: find or create the one of Pharma eTMF, the receiving system.',
      },
    ] as const;
    for (const { held, href, hint } of cases) {
      serve({ 's3documents/get': documentAnswer({ ...HELD, ...held }) });
      const shown = renderScreen(<DocumentDetailPage />, PATH);
      const map = await screen.findByRole('link', { name: 'Map this type' });
      expect(map).toHaveAttribute('href', href);
      expect(map).toHaveAccessibleDescription(hint);
      shown.unmount();
    }
  });

  it('offers Retry to administrators only, and only for a mapping reason', async () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve({ 's3documents/get': documentAnswer(HELD) });
    const first = renderScreen(<DocumentDetailPage />, PATH);
    expect(await screen.findByTestId('hold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry classification' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Map this type' })).toBeNull();
    first.unmount();

    // An OrgAdmin of a party that sees the document but neither sends nor receives it.
    signedInAs({ role: 'OrgAdmin', organisationId: 'cro-1' });
    const cro = renderScreen(<DocumentDetailPage />, PATH);
    expect(await screen.findByTestId('hold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry classification' })).toBeNull();
    cro.unmount();

    // The receiving side's OrgAdmin retries; the sender's standard is the sender's to change.
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    serve({ 's3documents/get': documentAnswer({ ...HELD, holdReason: 'sender-type-unmapped' }) });
    const receiving = renderScreen(<DocumentDetailPage />, PATH);
    expect(await screen.findByRole('button', { name: 'Retry classification' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Map this type' })).toBeNull();
    expect(screen.getByTestId('map-elsewhere')).toHaveTextContent(
      'The mapping is made in the standard of Klinikum eISF: an administrator of Klinikum Eins or a platform administrator publishes it.',
    );
    receiving.unmount();

    signedInAs({ role: 'PlatformAdmin', organisationId: null });
    serve({
      's3documents/get': documentAnswer({
        ...HELD,
        holdReason: 'checksum-mismatch',
        holdDetail: null,
      }),
    });
    renderScreen(<DocumentDetailPage />, PATH);
    const hold = await screen.findByTestId('hold');
    expect(hold).toHaveTextContent(
      'The file that arrived does not match the SHA-256 checksum announced.',
    );
    expect(screen.queryByRole('button', { name: 'Retry classification' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Map this type' })).toBeNull();
  });

  it('says when the document could not be loaded, and when the link names none', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve({
      's3documents/get': () =>
        fail ? failure(404, 'NOT_FOUND', 'No such document.') : documentAnswer(DELIVERED),
    });
    const first = renderScreen(<DocumentDetailPage />, PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such document.');
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Visit log 7' });
    first.unmount();

    const calls = serve({});
    renderScreen(<DocumentDetailPage />, '/admin/documents/view?documentId=nonsense');
    expect(await screen.findByText('This link does not name a document.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the documents' })).toHaveAttribute(
      'href',
      '/admin/documents',
    );
    await waitFor(() => {
      expect(calls).toEqual([]);
    });
  });
});

describe('a quarantined document, and one awaiting its scan', () => {
  it('says why it is quarantined, with what was found, and offers no retry', async () => {
    serve({
      's3documents/get': documentAnswer(
        documentDetail(7, {
          state: 'quarantined',
          quarantineReason: 'executable-content',
          quarantineDetail:
            'The file is a program (exe, application/x-msdownload), declared application/pdf and named cv.pdf.',
          classification: null,
          artifactNumber: null,
          receiverTypeCode: null,
        }),
      ),
    });
    await open();
    expect(screen.getByTestId('document-state')).toHaveTextContent('Quarantined');
    const notice = screen.getByTestId('quarantine');
    expect(within(notice).getByTestId('quarantine-reason')).toHaveTextContent('A program');
    expect(notice).toHaveTextContent('Programs are never delivered');
    expect(screen.getByTestId('quarantine-detail')).toHaveTextContent('named cv.pdf');
    expect(screen.queryByRole('button', { name: /Retry|Scan again/ })).not.toBeInTheDocument();
  });

  it('says a document awaits its malware scan', async () => {
    serve({
      's3documents/get': documentAnswer(
        documentDetail(7, { state: 'awaiting-scan', classification: null }),
      ),
    });
    await open();
    expect(screen.getByTestId('document-state')).toHaveTextContent('Awaiting malware scan');
    expect(screen.getByTestId('awaiting-scan')).toHaveTextContent('waits for the malware scan');
  });

  it('offers a retry of a scan that gave no verdict', async () => {
    serve({
      's3documents/get': documentAnswer(
        documentDetail(7, {
          state: 'held',
          holdReason: 'scan-failed',
          holdDetail: 'The malware scan failed (an error of the scanner). Retry the scan.',
          classification: null,
        }),
      ),
    });
    await open();
    expect(screen.getByTestId('hold-reason')).toHaveTextContent('Malware scan failed');
    expect(screen.getByRole('button', { name: 'Scan again' })).toBeEnabled();
  });
});
