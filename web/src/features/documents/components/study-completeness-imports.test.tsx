import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { importSummary, studyCompleteness } from '../../../testing/document-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { StudyCompletenessPage } from './study-completeness-page';
import { answers, PAGE, setUpCompletenessTests } from './study-completeness-kit';

setUpCompletenessTests();

describe("a study's completeness", () => {
  it('asks a site’s people for no imports: they are the sponsor side’s (the call refuses them)', async () => {
    const calls = serve({
      ...answers,
      'artifact/study-completeness': success({ ...studyCompleteness(), sponsorSide: false }),
    });
    renderScreen(<StudyCompletenessPage />, PAGE);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    await screen.findByTestId('zone-01');
    expect(screen.queryByRole('region', { name: 'eTMF-EMS imports' })).toBeNull();
    expect(bodiesOf(calls, 's3documents/imports')).toEqual([]);
  });

  it("lists the study's eTMF-EMS imports, each a link to its page; an Auditor starts none", async () => {
    const calls = serve(answers);
    renderScreen(<StudyCompletenessPage />, PAGE);
    const section = await screen.findByRole('region', { name: 'eTMF-EMS imports' });
    const table = await within(section).findByRole('table', {
      name: "The study's eTMF-EMS imports, newest first",
    });
    expect(bodiesOf(calls, 's3documents/imports')).toEqual([{ studyId: 'study-1' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Started',
      'Package',
      'State',
      'Size',
      'Started by',
      'Filed',
      'Already filed',
      'Not filed',
    ]);
    const newest = screen.getByTestId(`import-${importSummary(2).importId}`);
    expect(within(newest).getByRole('link', { name: 'cro-transfer-2.zip' })).toHaveAttribute(
      'href',
      `/admin/documents/import?importId=${importSummary(2).importId}`,
    );
    // Left importing, and nobody here moves it on: not finished; an Auditor continues none.
    expect(within(newest).getByTestId('import-state')).toHaveTextContent(
      'Importing — not finished',
    );
    expect(within(newest).queryByRole('link', { name: /^Continue/ })).toBeNull();
    const done = screen.getByTestId(`import-${importSummary(1).importId}`);
    expect(done).toHaveTextContent('Completed');
    expect(done).toHaveTextContent('4.5 MB');
    expect(done).toHaveTextContent('admin@pharma.example.com');
    expect(
      within(done)
        .getAllByRole('cell')
        .slice(-3)
        .map((td) => td.textContent),
    ).toEqual(['8', '1', '3']);
    expect(screen.queryByRole('button', { name: 'Import eTMF-EMS package' })).toBeNull();
  });

  it('offers administrators Continue on an import not finished, which its page takes up', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    serve(answers);
    renderScreen(<StudyCompletenessPage />, PAGE);
    const section = await screen.findByRole('region', { name: 'eTMF-EMS imports' });
    await within(section).findByRole('table');
    const newest = screen.getByTestId(`import-${importSummary(2).importId}`);
    const link = within(newest).getByRole('link', { name: 'Continue cro-transfer-2.zip' });
    expect(link).toHaveAttribute(
      'href',
      `/admin/documents/import?importId=${importSummary(2).importId}`,
    );
    // A completed import has nothing to continue.
    const done = screen.getByTestId(`import-${importSummary(1).importId}`);
    expect(within(done).queryByRole('link', { name: /^Continue/ })).toBeNull();
    await u.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/admin/documents/import?importId=${importSummary(2).importId}`,
    );
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-state',
      '{"importArrival":"continue"}',
    );
  });

  it('offers administrators the import; says when there is none, and when the list fails', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    let fails = true;
    serve({
      ...answers,
      's3documents/imports': () =>
        fails ? failure(500, 'INTERNAL', 'boom') : success({ imports: [] }),
    });
    renderScreen(<StudyCompletenessPage />, PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The imports of this study could not be loaded.',
    );
    // The rest of the page stands.
    expect(screen.getByTestId('site-con-1')).toBeInTheDocument();
    fails = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No eTMF-EMS package has been imported into this study yet.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Import eTMF-EMS package' })).toBeInTheDocument();
  });
});
