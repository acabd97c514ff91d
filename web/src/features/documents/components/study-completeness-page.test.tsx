import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogueAnswer } from '../../../testing/standard-fixtures';
import { studyCompleteness } from '../../../testing/document-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve } from '../../../testing/registry-kit';
import { StudyCompletenessPage } from './study-completeness-page';
import {
  answers,
  CORE_SITE,
  location,
  PAGE,
  setUpCompletenessTests,
} from './study-completeness-kit';

setUpCompletenessTests();

describe("a study's completeness", () => {
  it('shows each site: status, documents, core site-level artifacts filed and those missing', async () => {
    const u = userEvent.setup();
    const calls = serve(answers);
    renderScreen(<StudyCompletenessPage />, PAGE);
    expect(screen.getByText('Loading.Please wait...')).toHaveAttribute('role', 'status');
    expect(await screen.findByTestId('completeness-study')).toHaveTextContent(
      'Study PZ-2025-01: A phase II study',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Study completeness');
    expect(bodiesOf(calls, 'artifact/study-completeness')).toEqual([{ studyId: 'study-1' }]);
    // The names of zones and sections come from the catalogue the answer counted by.
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/catalogue')).toEqual([{ version: '3.3' }]);
    });

    const sites = screen.getByRole('table', {
      name: 'The sites of the study and their core site-level artifacts',
    });
    expect(
      within(sites)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Site',
      'Status',
      'Documents exchanged',
      'Files imported',
      'Core site-level artifacts filed',
      'Core artifacts missing',
      'Requests',
    ]);
    const first = screen.getByTestId('site-con-1');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('104 Klinikum Eins');
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('filed-con-1')).toHaveTextContent(`1 of ${String(CORE_SITE)}`);
    const progress = within(first).getByRole('progressbar', {
      name: 'Core site-level artifacts filed at site 104 (Klinikum Eins)',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuemax', String(CORE_SITE));
    // Its document requests (issue 35): received of requested, and those overdue.
    expect(screen.getByTestId('site-requests-con-1')).toHaveTextContent('2 of 3 received1 overdue');
    expect(screen.getByTestId('site-requests-con-2')).toHaveTextContent('None');
    expect(screen.getByTestId('completeness-requests-link')).toHaveAttribute(
      'href',
      '/admin/documents/requests?studyId=study-1',
    );

    // The missing ones by number and name, one click away, in a row of their own.
    const toggle = within(first).getByRole('button', { name: `${String(CORE_SITE - 1)} missing` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('missing-con-1')).toBeNull();
    await u.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const missing = within(screen.getByTestId('missing-con-1')).getByRole('list', {
      name: 'Core artifacts missing at site 104 (Klinikum Eins)',
    });
    expect(toggle).toHaveAttribute('aria-controls', 'missing-con-1');
    expect(within(missing).getAllByRole('listitem')).toHaveLength(CORE_SITE - 1);
    expect(within(missing).getByText('05.04.05').parentElement).toHaveTextContent(
      '05.04.05 Additional Monitoring Activity',
    );
    expect(within(missing).queryByText('05.04.04')).toBeNull();
    await u.click(toggle);
    expect(screen.queryByTestId('missing-con-1')).toBeNull();

    // The site's documents are a link to them in the list.
    expect(within(first).getByRole('link', { name: /^5 documents of site 104/ })).toHaveAttribute(
      'href',
      '/admin/documents?studyId=study-1&connectionId=con-1',
    );
    const second = screen.getByTestId('site-con-2');
    expect(within(second).getByText('Suspended')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('filed-con-2')).toHaveTextContent(`0 of ${String(CORE_SITE)}`);
  });

  it('lists the artifacts by zone and section, each count a link to the documents behind it', async () => {
    const u = userEvent.setup();
    serve(answers);
    renderScreen(<StudyCompletenessPage />, PAGE);
    // A table per zone, named by the zone's number and (from the catalogue) name.
    const zone = await screen.findByTestId('zone-05');
    await waitFor(() => {
      expect(zone).toHaveAccessibleName('Zone 05: Site Management');
    });
    expect(zone.tagName).toBe('TABLE');
    expect(
      within(zone)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Number',
      'Artifact',
      'Core or recommended',
      'Filed at site level',
      'Documents exchanged',
      'Files imported',
    ]);
    expect(
      within(zone).getByRole('rowheader', { name: '05.04 Site Management' }),
    ).toBeInTheDocument();
    const visitLog = within(zone).getByTestId('artifact-05.04.04');
    expect(within(visitLog).getByRole('rowheader')).toHaveTextContent('Visit Log');
    expect(within(visitLog).getByText('Core')).toBeInTheDocument();
    await u.click(
      within(visitLog).getByRole('link', { name: '5 documents filed as 05.04.04 Visit Log' }),
    );
    expect(location()).toBe('/admin/documents?studyId=study-1&artifactNumber=05.04.04');
  });

  it('shows the files imported beside the documents exchanged, per site and per artifact', async () => {
    const u = userEvent.setup();
    serve(answers);
    renderScreen(<StudyCompletenessPage />, PAGE);
    expect(await screen.findByTestId('completeness-study')).toBeInTheDocument();
    // 7 exchanged under 2 artifacts, 6 imported under 2 (one of them the same): 3 hold files.
    expect(screen.getByText(/documents delivered/)).toHaveTextContent(
      '7 documents delivered; 3 of 250 artifacts of the TMF Reference Model 3.3 hold documents. 6 files filed by eTMF-EMS imports.',
    );
    expect(screen.getByTestId('site-imported-con-1')).toHaveTextContent('2');
    expect(screen.getByTestId('site-imported-con-2')).toHaveTextContent('0');
    const sops = screen.getByTestId('artifact-01.01.04');
    expect(
      within(sops).getByRole('link', { name: /^2 documents filed as 01\.01\.04/ }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('artifact-imported-01.01.04')).toHaveTextContent('4');
    expect(screen.getByTestId('artifact-imported-01.01.11')).toHaveTextContent('2');
    // Imported files are no list of their own by artifact: the count is not a link.
    expect(within(screen.getByTestId('artifact-01.01.11')).queryByRole('link')).toBeNull();
    // An artifact holding imported files only is not "without documents".
    await u.click(screen.getByRole('checkbox', { name: 'Artifacts without documents only' }));
    expect(screen.queryByTestId('artifact-01.01.11')).toBeNull();
    expect(screen.getByTestId('artifact-01.01.01')).toBeInTheDocument();
  });

  it('shows the core artifacts only, the empty ones only, or both, in the address', async () => {
    const u = userEvent.setup();
    serve(answers);
    const { core, emptyCore, total } = (() => {
      const all = studyCompleteness().artifacts;
      return {
        total: all.length,
        core: all.filter((a) => a.core).length,
        emptyCore: all.filter((a) => a.core && a.documents === 0 && a.imported === 0).length,
      };
    })();
    renderScreen(<StudyCompletenessPage />, PAGE);
    await screen.findByTestId('zone-01');
    expect(screen.getByTestId('artifacts-shown')).toHaveTextContent(
      `${String(total)} of ${String(total)} artifacts shown.`,
    );
    expect(screen.getByTestId('artifact-01.01.01')).toBeInTheDocument(); // recommended

    await u.click(screen.getByRole('checkbox', { name: 'Core artifacts only' }));
    expect(screen.getByTestId('artifacts-shown')).toHaveTextContent(
      `${String(core)} of ${String(total)} artifacts shown.`,
    );
    expect(screen.queryByTestId('artifact-01.01.01')).toBeNull();
    expect(screen.getByTestId('artifact-01.01.04')).toBeInTheDocument();
    expect(location()).toBe(`${PAGE}&core=1`);

    await u.click(screen.getByRole('checkbox', { name: 'Artifacts without documents only' }));
    expect(screen.getByTestId('artifacts-shown')).toHaveTextContent(
      `${String(emptyCore)} of ${String(total)} artifacts shown.`,
    );
    expect(screen.queryByTestId('artifact-01.01.04')).toBeNull();
    expect(screen.queryByTestId('artifact-05.04.04')).toBeNull();
    expect(
      screen.getAllByRole('row').filter((row) => row.dataset.testid?.startsWith('artifact-')),
    ).toHaveLength(emptyCore);

    await u.click(screen.getByRole('checkbox', { name: 'Core artifacts only' }));
    expect(screen.getByTestId('artifact-01.01.01')).toBeInTheDocument(); // empty, recommended
    expect(screen.queryByTestId('artifact-05.04.04')).toBeNull();
    expect(location()).toBe(`${PAGE}&empty=1`);
  });

  it('says when no artifact is left by the filters, and when no site takes part', async () => {
    serve({
      ...answers,
      'artifact/study-completeness': success(
        studyCompleteness({
          sites: [],
          artifacts: studyCompleteness().artifacts.map((a) => ({ ...a, documents: 1 })),
        }),
      ),
    });
    renderScreen(<StudyCompletenessPage />, `${PAGE}&empty=1`);
    expect(await screen.findByText('No site takes part in this study yet.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByText('No artifact matches these filters.')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Artifacts without documents only' }),
    ).toBeChecked();
  });

  it('shows the numbers when the catalogue cannot be loaded, and tries again', async () => {
    const u = userEvent.setup();
    let catalogueFails = true;
    serve({
      ...answers,
      'artifact/catalogue': () =>
        catalogueFails ? failure(500, 'INTERNAL', 'boom') : catalogueAnswer,
    });
    renderScreen(<StudyCompletenessPage />, PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The names of the zones and sections could not be loaded: they are shown by number.',
    );
    expect(screen.getByTestId('zone-05')).toHaveAccessibleName('Zone 05');
    expect(
      within(screen.getByTestId('zone-05')).getByRole('rowheader', { name: 'Section 05.04' }),
    ).toBeInTheDocument();
    catalogueFails = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(screen.getByTestId('zone-05')).toHaveAccessibleName('Zone 05: Site Management');
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says a refusal in the server's words, with Try again; a link without a study is not sent", async () => {
    const u = userEvent.setup();
    let refuse = true;
    const calls = serve({
      ...answers,
      'artifact/study-completeness': () =>
        refuse
          ? failure(404, 'NOT_FOUND', 'No study with that id is within your reach.')
          : success(studyCompleteness()),
    });
    renderScreen(<StudyCompletenessPage />, PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No study with that id is within your reach.',
    );
    refuse = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('site-con-1')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Back to the documents of this study' }),
    ).toHaveAttribute('href', '/admin/documents?studyId=study-1');
    expect(bodiesOf(calls, 'artifact/study-completeness')).toHaveLength(2);
  });

  it('asks for a study when the link names none', async () => {
    const calls = serve(answers);
    renderScreen(<StudyCompletenessPage />, '/admin/documents/completeness');
    expect(
      await screen.findByText(
        "No study is chosen. Open a study's completeness from its documents.",
      ),
    ).toHaveAttribute('role', 'status');
    expect(calls).toEqual([]);
  });

  it('speaks German and Turkish, numbers in their formats', async () => {
    const { changeLanguage } = await import('../../../lib/i18n');
    const many = studyCompleteness();
    many.artifacts = many.artifacts.map((a) =>
      a.number === '05.04.04' ? { ...a, documents: 1234 } : a,
    );
    serve({ ...answers, 'artifact/study-completeness': success(many) });
    await changeLanguage('de');
    try {
      renderScreen(<StudyCompletenessPage />, PAGE);
      await screen.findByTestId('completeness-study');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        'Vollständigkeit der Studie',
      );
      expect(screen.getByTestId('filed-con-1')).toHaveTextContent(`1 von ${String(CORE_SITE)}`);
      expect(within(screen.getByTestId('site-con-2')).getByText('Ausgesetzt')).toBeInTheDocument();
      const visitLog = await screen.findByTestId('artifact-05.04.04');
      expect(within(visitLog).getByRole('link')).toHaveTextContent(/^1\.234/);
      expect(within(visitLog).getByText('Kern')).toBeInTheDocument();
      await changeLanguage('tr');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Çalışmanın eksiksizliği' }),
      ).toBeInTheDocument();
      expect(within(visitLog).getByRole('link')).toHaveTextContent(/^1\.234/);
      expect(screen.getByTestId('filed-con-1')).toHaveTextContent(`1 / ${String(CORE_SITE)}`);
      expect(within(visitLog).getByText('Temel')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
