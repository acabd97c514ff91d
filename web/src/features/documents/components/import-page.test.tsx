import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../lib/download';
import {
  filedObject,
  importDetail,
  importPage,
  rejectedImport,
} from '../../../testing/document-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, serve, signedInAs } from '../../../testing/registry-kit';
import { ID, open, setUpImportPageTests, unfinished } from './import-page-kit';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));

setUpImportPageTests();

describe('an eTMF-EMS import', () => {
  it('reports the batch, the counts and every file not filed with its reason', async () => {
    const calls = serve({
      's3documents/import-get': importPage(importDetail(1), [filedObject(1)]),
    });
    await open();
    expect(bodiesOf(calls, 's3documents/import-get')).toEqual([{ importId: ID }]);
    expect(screen.getByTestId('import-state')).toHaveTextContent('Completed');
    expect(screen.getByTestId('import-summary')).toHaveTextContent(
      'Study PZ-2025-01 · cro-transfer-1.zip (4.5 MB)',
    );
    const facts = screen.getByTestId('import-facts');
    expect(facts).toHaveTextContent('Started byadmin@pharma.example.com');
    expect(facts).toHaveTextContent(`Import ID${ID}`);
    const batch = screen.getByTestId('import-batch');
    for (const text of [
      'Study ID in the sourceCRO-PZ-01',
      'Transfer sourcecro-etmf',
      'Transfer IDTR-2025-0007',
      'SpecificationeTMF-EMS 1.0.1',
      'TMF Reference Model version3.3',
    ]) {
      expect(batch).toHaveTextContent(text);
    }
    const counts = screen.getByTestId('import-counts');
    for (const text of [
      'Objects in the inventory10',
      'Files12',
      'Filed now8',
      'Already filed before1',
      'Not filed3',
      'Conflicts to resolve0',
    ]) {
      expect(counts).toHaveTextContent(text);
    }
    expect(screen.queryByTestId('import-rejected')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Problems in exchange.xml' })).toBeNull();

    // One row per object (issue 34), each file's outcome under its reason.
    const notFiled = screen.getByRole('table', {
      name: 'The objects not filed, each with the reason and what became of each file',
    });
    expect(
      within(notFiled)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Object ID', 'Artifact number', 'Reason']);
    const rows = within(notFiled).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'OBJ-0007',
      'OBJ-0008content/delegation-log.pdf',
      'OBJ-0009content/plan.docx',
    ]);
    expect(within(rows[0] as HTMLElement).getByTestId('file-outcome')).toHaveTextContent(
      "content/visit-log-7.pdf The file's checksum is not the one the inventory states.",
    );
    expect(screen.queryByRole('heading', { name: 'Conflicts to resolve' })).toBeNull();
    expect(rows[0]).toHaveTextContent('05.04.04');
    expect(rows[0]).toHaveTextContent(
      "The file's checksum is not the one the inventory states.The file hashes to 3a7bd3e2…, the inventory states 9f86d081….",
    );
    expect(rows[1]).toHaveTextContent("The object's site is not a site of this study.");
    expect(rows[1]).toHaveTextContent('SITEID 999 is no site of study PZ-2025-01.');
    expect(rows[2]).toHaveTextContent('The artifact number is not one of the TMF Reference Model.');

    expect(screen.getByRole('link', { name: 'Back to the study' })).toHaveAttribute(
      'href',
      '/admin/documents/completeness?studyId=study-1',
    );
  });

  it('lists the files filed, page by page, each with its checksum and Download', async () => {
    const u = userEvent.setup();
    const calls = serve({
      's3documents/import-get': (query) =>
        query.cursor === 'next-1'
          ? importPage(importDetail(1), [
              filedObject(3, { level: 'country', siteNumber: null, countryId: 'DE' }),
            ])
          : importPage(
              importDetail(1),
              [
                filedObject(1, { subArtifact: 'Monitoring Visit Log' }),
                filedObject(2, {
                  level: 'trial',
                  siteNumber: null,
                  connectionId: null,
                  versionState: 'Superseded',
                }),
              ],
              'next-1',
            ),
      's3documents/import-download': success({
        url: 'https://files.example.com/visit-log-1.pdf?sig=abc',
        expiresAt: '2025-03-01T10:05:00.000Z',
        fileName: 'visit-log-1.pdf',
      }),
    });
    await open();
    const table = screen.getByRole('table', { name: 'The files this import filed' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Artifact',
      'Level',
      'Title',
      'Version',
      'File',
      'Size',
      'SHA-256 checksum',
      'Actions',
    ]);
    const first = screen.getByTestId('filed-1');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Monitoring visit log 1');
    expect(first).toHaveTextContent('05.04.04 Visit LogMonitoring Visit Log');
    expect(first).toHaveTextContent('Site 104');
    expect(first).toHaveTextContent('2.0Current');
    expect(first).toHaveTextContent('content/visit-log-1.pdf');
    expect(first).toHaveTextContent('245 kB');
    expect(within(first).getByTestId('sha256')).toHaveTextContent('01cdcdcdcdcd…');
    expect(within(first).getByTestId('sha256')).toHaveAttribute('title', `01${'cd'.repeat(31)}`);
    expect(
      within(first).getByRole('button', {
        name: 'Copy the SHA-256 checksum of content/visit-log-1.pdf',
      }),
    ).toBeInTheDocument();
    const second = screen.getByTestId('filed-2');
    expect(second).toHaveTextContent('Trial');
    expect(second).toHaveTextContent('Superseded');

    // Each named with its file, the word it shows first.
    const download = within(first).getByRole('button', {
      name: 'Download content/visit-log-1.pdf',
    });
    expect(within(second).getByRole('button', { name: /^Download/ })).toHaveAccessibleName(
      'Download content/visit-log-2.pdf',
    );
    await u.click(download);
    expect(await screen.findByTestId('download-notice')).toHaveTextContent(
      'The download of visit-log-1.pdf has started.',
    );
    expect(bodiesOf(calls, 's3documents/import-download')).toEqual([{ importId: ID, seq: '1' }]);
    expect(downloadFile).toHaveBeenCalledWith(
      'https://files.example.com/visit-log-1.pdf?sig=abc',
      'visit-log-1.pdf',
    );

    await u.click(screen.getByRole('button', { name: 'Next' }));
    const third = await screen.findByTestId('filed-3');
    expect(third).toHaveTextContent('Country DE');
    expect(bodiesOf(calls, 's3documents/import-get')).toEqual([
      { importId: ID },
      { importId: ID, cursor: 'next-1' },
    ]);
  });

  it("says a failed download in the server's words", async () => {
    const u = userEvent.setup();
    serve({
      's3documents/import-get': importPage(importDetail(1), [filedObject(1)]),
      's3documents/import-download': failure(404, 'NOT_FOUND', 'No such file in this import.'),
    });
    await open();
    await u.click(
      within(screen.getByTestId('filed-1')).getByRole('button', {
        name: 'Download content/visit-log-1.pdf',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No such file in this import.');
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('shows a package refused whole: the reason and the problems of exchange.xml by line', async () => {
    serve({ 's3documents/import-get': importPage(rejectedImport(1), []) });
    await open();
    expect(screen.getByTestId('import-state')).toHaveTextContent('Rejected');
    expect(screen.getByTestId('import-rejected')).toHaveTextContent(
      'The package was refused whole: nothing was filed.exchange.xml does not validate against the eTMF-EMS schema.',
    );
    expect(screen.queryByTestId('import-batch')).toBeNull();
    expect(
      screen.getByText("The package's inventory was not read: it names no batch."),
    ).toBeInTheDocument();
    const problems = screen.getByRole('table', {
      name: 'The problems of exchange.xml against the eTMF-EMS schema, by line',
    });
    expect(
      within(problems)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((td) => td.textContent),
        ),
    ).toEqual([
      ['12', "Element 'ARTIFACTNUMBER': '5.4.4' is not a valid value."],
      ['40', "Element 'OBJECT': Missing child element 'INTEGRITY'."],
    ]);
    // Nothing was filed: no lists of files.
    expect(screen.queryByRole('heading', { name: 'Files filed' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Objects not filed' })).toBeNull();
  });

  it('lets an administrator continue an import left unfinished, repeating a call that met another', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'PlatformAdmin' });
    let finished = false;
    let call = 0;
    const calls = serve({
      's3documents/import-get': () =>
        importPage(finished ? importDetail(1) : unfinished, [filedObject(1)]),
      's3documents/import-etmf': () => {
        call += 1;
        if (call === 1) return failure(409, 'CONFLICT', 'The import changed meanwhile; try again.');
        finished = true;
        return success({ import: importDetail(1) });
      },
    });
    await open();
    // Nobody moves it on: not finished.
    expect(screen.getByTestId('import-state')).toHaveTextContent('Importing — not finished');
    expect(screen.getByTestId('import-state-note')).toHaveTextContent(
      'The import has not finished: 3 of 12 files so far.',
    );
    const button = screen.getByRole('button', { name: 'Continue the import' });
    await u.click(button);
    // Under way (the 409 repeated after a pause): importing, the button still focused and
    // aria-disabled, a click on it ignored.
    expect(await screen.findByTestId('import-state-note')).toHaveTextContent(
      'The server did not answer as expected: trying again in a moment.',
    );
    expect(screen.getByTestId('import-state')).toHaveTextContent(/^Importing$/);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await u.click(button);
    expect(await screen.findByTestId('import-notice')).toHaveTextContent(
      'The import went on to its end: it is now "Completed".',
    );
    expect(bodiesOf(calls, 's3documents/import-etmf')).toEqual([
      { importId: ID },
      { importId: ID },
    ]);
    await waitFor(() => {
      expect(screen.getByTestId('import-state')).toHaveTextContent('Completed');
    });
    expect(screen.queryByTestId('import-state-note')).toBeNull();
    expect(screen.getByTestId('count-notFiled')).toHaveTextContent('3');
  });

  it('says when another session holds the import, to be continued later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const calls = serve({
      's3documents/import-get': importPage(unfinished, [filedObject(1)]),
      // Where it stood: another session holds it.
      's3documents/import-etmf': success({ import: unfinished }),
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Continue the import' }));
    for (let i = 0; i < 60 && screen.queryByRole('alert') === null; i += 1) {
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The import is making no progress: another session seems to be importing this package. Continue it later from this page.',
    );
    // Its first answer was already no progress: the page knew where it stood.
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Continue the import' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    expect(screen.getByTestId('import-state')).toHaveTextContent('Importing — not finished');
  });
});
