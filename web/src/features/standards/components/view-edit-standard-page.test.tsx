import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { organisation, orgSystem, registryPage } from '../../../testing/registry-fixtures';
import {
  catalogueAnswer,
  giveScrollAreasHeight,
  mappingRow,
  SIGNED,
  STANDARD_ID,
  standardDetail,
  standardVersion,
} from '../../../testing/standard-fixtures';
import { ViewEditStandardPage } from './view-edit-standard-page';

const KLINIKUM = organisation('site-1', 'Klinikum Eins');
const AT = `/admin/artifact/view-edit-standard?standardId=${STANDARD_ID}`;
const systems = registryPage('systems', [
  orgSystem('sys-eisf', KLINIKUM, { name: 'Klinikum eISF' }),
  orgSystem('sys-ctms', KLINIKUM, { name: 'Klinikum CTMS' }),
]);

let undoHeight: () => void;
beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({ givenName: 'Ada', familyName: 'Lovelace' });
  undoHeight = giveScrollAreasHeight();
});
afterEach(() => {
  undoHeight();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = async (path = AT) => {
  renderScreen(<ViewEditStandardPage />, path);
  return screen.findByRole('table', { name: /^Rows of / });
};

describe('the standard editor', () => {
  it('validates as you type: problems inline on the cell, counted, and gone once fixed; saves every row', async () => {
    const u = userEvent.setup();
    const rows = [mappingRow('A'), mappingRow('B', { sourceName: '' }), mappingRow('C')];
    const calls = serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/update-standard': (body) =>
        success(
          standardDetail(body.rows as typeof rows, {
            revision: 4,
            standard: { name: 'Klinikum eISF mapping' },
          }),
        ),
    });
    await open();
    const name2 = screen.getByLabelText('Source name, row 2');
    expect(name2).toHaveAttribute('aria-invalid', 'true');
    expect(name2).toHaveAccessibleDescription('Enter the source document type name.');
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent('1 problem in 1 of 3 rows');
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeDisabled();
    expect(screen.getByText('Fix the 1 problem before publishing.')).toBeInTheDocument();

    await u.type(name2, 'Type B');
    expect(name2).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent('3 rows, no problems');

    // A duplicate code marks both rows, in the reader's words.
    const code3 = screen.getByLabelText('Source code, row 3');
    await u.clear(code3);
    await u.type(code3, 'a');
    expect(code3).toHaveAccessibleDescription('The source code "a" is used by another row.');
    expect(screen.getByLabelText('Source code, row 1')).toHaveAccessibleDescription(
      'The source code "A" is used by another row.',
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await u.clear(code3);
    await u.type(code3, 'C');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent('Version 1 was saved.');
    const [saved] = bodiesOf(calls, 'artifact/update-standard') as Record<string, unknown>[];
    expect(saved).toMatchObject({
      standardId: STANDARD_ID,
      version: 1,
      revision: 3,
      name: 'Klinikum eISF mapping',
      systemIds: ['sys-eisf'],
    });
    expect(
      (saved?.rows as { sourceCode: string; sourceName: string }[]).map((r) => [
        r.sourceCode,
        r.sourceName,
      ]),
    ).toEqual([
      ['A', 'Type A'],
      ['B', 'Type B'],
      ['C', 'Type C'],
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeEnabled();
  });

  it('steps to the next problem, and fills a row from the artifact picker with the artifact’s defaults', async () => {
    const u = userEvent.setup();
    const rows = [
      mappingRow('A'),
      mappingRow('VL', { artifactNumber: '', filingLevel: '', requiredMetadata: [] }),
    ];
    serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Next problem' }));
    const artifact = screen.getByRole('combobox', { name: 'Artifact, row 2' });
    expect(artifact).toHaveFocus();
    expect(artifact).toHaveAccessibleDescription('Choose the TMF artifact this type maps to.');

    await u.type(artifact, 'visit log');
    const list = screen.getByRole('listbox', { name: 'Artifacts for Artifact, row 2' });
    const option = within(list).getByRole('option', { name: /^05\.04\.04 Visit Log/ });
    expect(option).toHaveTextContent('Core');
    expect(option).toHaveTextContent('Filed at: Site');
    await u.click(option);
    expect(artifact).toHaveValue('05.04.04 Visit Log');
    expect(screen.getByLabelText('Filing level, row 2')).toHaveValue('site');
    expect(screen.getByLabelText('Required metadata: Site, row 2')).toBeChecked();
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent('2 rows, no problems');
  });

  it('edits several rows together, adds, moves and deletes rows, and can show only rows with problems', async () => {
    const u = userEvent.setup();
    serve({
      'artifact/get-standard': success(
        standardDetail([mappingRow('A'), mappingRow('B'), mappingRow('C')]),
      ),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open();
    await u.click(screen.getByLabelText('Select row 1'));
    await u.click(screen.getByLabelText('Select row 3'));
    await u.click(screen.getByRole('button', { name: 'Edit 2 rows together' }));
    const dialog = await screen.findByTestId('bulk-edit-dialog');
    await u.selectOptions(within(dialog).getByLabelText('Equivalence'), 'wider');
    await u.selectOptions(within(dialog).getByLabelText('Filing level'), 'trial');
    await u.click(within(dialog).getByRole('button', { name: 'Apply to 2 rows' }));
    await waitFor(() => {
      expect(screen.queryByTestId('bulk-edit-dialog')).toBeNull();
    });
    expect(screen.getByLabelText('Equivalence, row 1')).toHaveValue('wider');
    expect(screen.getByLabelText('Equivalence, row 2')).toHaveValue('equal');
    expect(screen.getByLabelText('Equivalence, row 3')).toHaveValue('wider');
    expect(screen.getByLabelText('Filing level, row 3')).toHaveAccessibleDescription(
      '05.04.04 Visit Log is not filed at Trial level (only: Site).',
    );

    await u.click(screen.getByLabelText('Only rows with problems'));
    expect(screen.queryByLabelText('Source code, row 2')).toBeNull();
    await u.click(screen.getByLabelText('Only rows with problems'));

    // Select none, then row 1: move it down, delete it, add a row at the end.
    await u.click(screen.getByLabelText('Select all rows shown'));
    await u.click(screen.getByLabelText('Select all rows shown'));
    await u.click(screen.getByLabelText('Select row 1'));
    await u.click(screen.getByRole('button', { name: 'Move down' }));
    expect(screen.getByLabelText('Source code, row 1')).toHaveValue('B');
    expect(screen.getByLabelText('Source code, row 2')).toHaveValue('A');
    expect(screen.getByLabelText('Select row 2')).toBeChecked();
    await u.click(screen.getByRole('button', { name: 'Delete 1 row' }));
    expect(screen.getByLabelText('Source code, row 2')).toHaveValue('C');
    expect(screen.queryByLabelText('Source code, row 3')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Add row' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Source code, row 3')).toHaveFocus();
    });
    expect(screen.getByLabelText('Source code, row 3')).toHaveAccessibleDescription(
      'Enter the source document type code.',
    );
  });

  it('renders only the rows in view of a 5,000-row standard', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => mappingRow(`DOC-${String(i)}`));
    serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    const table = await open();
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const shown = table.querySelectorAll('tbody tr[data-position]');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent(
      /^5,?000 rows, no problems$/,
    );
  });

  it('says a save was refused because the standard changed meanwhile, and reloads it', async () => {
    const u = userEvent.setup();
    let loads = 0;
    const calls = serve({
      'artifact/get-standard': () => {
        loads += 1;
        return success(standardDetail([mappingRow('A')], { revision: loads === 1 ? 3 : 5 }));
      },
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/update-standard': failure(409, 'CONFLICT', 'The standard was changed meanwhile.'),
    });
    await open();
    await u.type(screen.getByLabelText('Comment, row 1'), 'checked');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByTestId('standard-conflict');
    expect(conflict).toHaveTextContent(
      'The standard was changed meanwhile. Reload to see the standard as it is now: your unsaved changes will be lost.',
    );
    await u.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/get-standard')).toHaveLength(2);
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Comment, row 1')).toHaveValue('');
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const u = userEvent.setup();
    serve({
      'artifact/get-standard': success(standardDetail([mappingRow('A')])),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open();
    await u.type(screen.getByLabelText('Comment, row 1'), 'x');
    await u.click(screen.getByRole('link', { name: 'Back to the mapping standards' }));
    expect(
      await screen.findByText('This draft has changes that are not saved. Leave and lose them?'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('view-edit-standard');
    await u.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/artifact/list-of-mapping-standards',
      );
    });
  });
});

describe('publishing', () => {
  it('is an electronic signature: password and code, the server’s refusal shown, then the signature on the version', async () => {
    const u = userEvent.setup();
    const rows = [mappingRow('A')];
    let attempts = 0;
    const calls = serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/publish-standard': () => {
        attempts += 1;
        return attempts === 1
          ? failure(
              400,
              'VALIDATION_FAILED',
              'The password or the authenticator code is not correct.',
              [{ path: 'code', message: 'The password or the authenticator code is not correct.' }],
            )
          : success(
              standardDetail(rows, {
                revision: 4,
                standard: { status: 'published', inUse: true, signature: SIGNED },
              }),
            );
      },
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByTestId('publish-dialog');
    expect(within(dialog).getByTestId('publish-explanation')).toHaveTextContent(
      'Publishing is your electronic signature (21 CFR Part 11)',
    );
    expect(dialog).toHaveTextContent('as Ada Lovelace');
    expect(within(dialog).getByLabelText('Meaning of the signature')).toHaveValue('Approved');

    await u.click(within(dialog).getByRole('button', { name: 'Sign and publish' }));
    expect(within(dialog).getByText('Enter your password.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'artifact/publish-standard')).toEqual([]);

    await u.type(within(dialog).getByLabelText('Password'), 'Secret#2025');
    await u.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Sign and publish' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The password or the authenticator code is not correct.',
    );
    expect(within(dialog).getByLabelText('Authenticator code')).toHaveValue('');

    await u.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await u.click(within(dialog).getByRole('button', { name: 'Sign and publish' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent(
      'Version 1 is published, signed by Ada Lovelace.',
    );
    expect(bodiesOf(calls, 'artifact/publish-standard')).toEqual([
      {
        standardId: STANDARD_ID,
        version: 1,
        revision: 3,
        meaning: 'Approved',
        password: 'Secret#2025',
        code: '123456',
      },
      {
        standardId: STANDARD_ID,
        version: 1,
        revision: 3,
        meaning: 'Approved',
        password: 'Secret#2025',
        code: '654321',
      },
    ]);
    expect(screen.getAllByTestId('signature')[0]).toHaveTextContent(
      /^Signed by Ada Lovelace on .+ — meaning: Approved$/,
    );
    // Published: read-only, a new version or retirement offered instead.
    expect(screen.queryByLabelText('Source code, row 1')).toBeNull();
    expect(screen.getByRole('button', { name: 'New version' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retire…' })).toBeInTheDocument();
  });
});

describe('versions', () => {
  it('compares two versions side by side, the changed fields highlighted', async () => {
    const u = userEvent.setup();
    const v1 = standardVersion({ version: 1, status: 'published', inUse: true, signature: SIGNED });
    const v2 = standardVersion({ version: 2, basedOnVersion: 1 });
    const calls = serve({
      'artifact/get-standard': success(
        standardDetail([mappingRow('A')], {
          standard: { version: 2, basedOnVersion: 1 },
          versions: [v1, v2],
        }),
      ),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/diff-standards': success({
        from: v1,
        to: { ...v2, name: 'Klinikum eISF mapping 2025' },
        details: [
          { field: 'name', before: 'Klinikum eISF mapping', after: 'Klinikum eISF mapping 2025' },
        ],
        rows: [
          {
            key: 'A',
            before: mappingRow('A'),
            after: mappingRow('A', { equivalence: 'narrower' }),
            fields: ['equivalence'],
          },
          {
            key: 'NEW',
            before: null,
            after: mappingRow('NEW'),
            fields: [
              'sourceCode',
              'sourceName',
              'sourcePath',
              'artifactNumber',
              'subArtifact',
              'filingLevel',
              'requiredMetadata',
              'equivalence',
              'comment',
            ],
          },
        ],
      }),
    });
    await open(`${AT}&version=2`);
    const versions = screen.getByTestId('versions');
    expect(within(versions).getByTestId('version-row-1')).toHaveTextContent(
      /Published.*In use.*Signed by Ada Lovelace on .* — meaning: Approved/,
    );
    expect(within(versions).getByTestId('version-row-2')).toHaveAttribute('aria-current', 'true');
    expect(within(versions).getByLabelText('Compare')).toHaveValue('1');
    expect(within(versions).getByLabelText('with')).toHaveValue('2');
    await u.click(within(versions).getByRole('button', { name: 'Compare' }));
    const diff = await screen.findByTestId('diff-view');
    expect(bodiesOf(calls, 'artifact/diff-standards')).toEqual([
      { standardId: STANDARD_ID, from: '1', to: '2' },
    ]);
    expect(within(diff).getByRole('table', { name: 'Details that differ' })).toHaveTextContent(
      'NameKlinikum eISF mappingKlinikum eISF mapping 2025',
    );
    expect(within(diff).getByTestId('diff-counts')).toHaveTextContent(
      '1 added, 0 removed, 1 changed',
    );
    const changed = within(diff).getByTestId('diff-row-A');
    expect(changed).toHaveTextContent('Changed');
    const highlighted = [...changed.querySelectorAll('[data-changed] mark')].map(
      (m) => m.textContent,
    );
    expect(highlighted).toEqual(['Equal', 'Narrower']);
    expect(within(diff).getByTestId('diff-row-NEW')).toHaveTextContent(/AddedNot in this version/);
  });
});

describe('a published version', () => {
  it('starts the next draft from it, and opens that draft without loading it again', async () => {
    const u = userEvent.setup();
    const v1 = standardVersion({ status: 'published', inUse: true, signature: SIGNED });
    const v2 = standardVersion({ version: 2, basedOnVersion: 1 });
    const calls = serve({
      'artifact/get-standard': success(
        standardDetail([mappingRow('A')], {
          standard: { status: 'published', inUse: true, signature: SIGNED },
        }),
      ),
      'artifact/catalogue': catalogueAnswer,
      'artifact/new-version': success(
        standardDetail([mappingRow('A')], {
          revision: 4,
          standard: { version: 2, basedOnVersion: 1 },
          versions: [v1, v2],
        }),
      ),
      getOrgSysList: systems,
    });
    await open();
    expect(screen.getByTestId('read-only')).toHaveTextContent(
      'Version 1 is published and never changes: start a new version to edit it.',
    );
    await u.click(screen.getByRole('button', { name: 'New version' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent(
      'Version 2 is a new draft: edit it, then publish it.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`${AT}&version=2`);
    expect(bodiesOf(calls, 'artifact/new-version')).toEqual([
      { standardId: STANDARD_ID, fromVersion: 1, revision: 3 },
    ]);
    expect(await screen.findByLabelText('Source code, row 1')).toHaveValue('A');
    expect(bodiesOf(calls, 'artifact/get-standard')).toHaveLength(1);
  });

  it('is retired with a reason, which the version then shows', async () => {
    const u = userEvent.setup();
    const published = { status: 'published' as const, inUse: true, signature: SIGNED };
    const calls = serve({
      'artifact/get-standard': success(standardDetail([mappingRow('A')], { standard: published })),
      'artifact/catalogue': catalogueAnswer,
      'artifact/retire-standard': success(
        standardDetail([mappingRow('A')], {
          revision: 4,
          standard: {
            ...published,
            status: 'retired',
            inUse: false,
            retired: {
              at: '2025-03-01T10:00:00.000Z',
              by: 'me@example.com',
              reason: 'Replaced by the new eISF',
            },
          },
        }),
      ),
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Retire…' }));
    const dialog = await screen.findByTestId('retire-dialog');
    expect(dialog).toHaveTextContent('its systems will use no standard until another is published');
    await u.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Reason'), 'Replaced by the new eISF');
    await u.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent('Version 1 is retired.');
    expect(screen.getByTestId('retired')).toHaveTextContent(
      /Retired on .* by me@example.com: Replaced by the new eISF/,
    );
    expect(bodiesOf(calls, 'artifact/retire-standard')).toEqual([
      { standardId: STANDARD_ID, version: 1, revision: 3, reason: 'Replaced by the new eISF' },
    ]);
  });
});

describe('read-only', () => {
  it('shows an Auditor the rows, signature and downloads, and offers no change', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'Auditor', organisationId: null });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    const calls = serve({
      'artifact/get-standard': success(
        standardDetail([mappingRow('A'), mappingRow('B', { sourceName: '' })], {
          standard: { status: 'published', inUse: true, signature: SIGNED },
        }),
      ),
      'artifact/catalogue': catalogueAnswer,
      'artifact/download': success({
        url: 'https://files.example/std.csv',
        fileName: 'klinikum-v1.csv',
        expiresAt: '2025-03-01T10:05:00.000Z',
      }),
    });
    const table = await open();
    expect(screen.getByTestId('read-only')).toHaveTextContent(
      'You can read this standard; only administrators change it.',
    );
    expect(within(table).queryAllByRole('textbox')).toEqual([]);
    expect(within(table).queryAllByRole('checkbox')).toEqual([]);
    expect(within(table).getAllByText('05.04.04 Visit Log', { selector: 'div' })).toHaveLength(2);
    for (const name of [
      'Save changes',
      'Publish…',
      'New version',
      'Retire…',
      'Add row',
      'New version from this',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getAllByTestId('signature')[0]).toHaveTextContent(/^Signed by Ada Lovelace on/);
    expect(bodiesOf(calls, 'getOrgSysList')).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent(
      'klinikum-v1.csv is being downloaded.',
    );
    expect(clicked).toEqual(['https://files.example/std.csv']);
    expect(bodiesOf(calls, 'artifact/download')).toEqual([
      { standardId: STANDARD_ID, version: '1', format: 'csv' },
    ]);
  });
});

describe('looking for a row (a held document’s "Map this type")', () => {
  /**
   * jsdom lays nothing out and scrolls nothing: the grid's scroll area is given the height of
   * its rows and moved as a browser would move it.
   */
  const letScrollAreasScroll = () => {
    const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-virtual-scroll') ? 100_000 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      writable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        this.scrollTop = options.top ?? this.scrollTop;
        this.dispatchEvent(new Event('scroll'));
      },
    });
    return () => {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
      if (scrollHeight !== undefined) {
        Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
      }
    };
  };
  const PUBLISHED = { status: 'published' as const, inUse: true, signature: SIGNED };

  it('scrolls to the row of the type, marks it, focuses it and says so', async () => {
    const undoScroll = letScrollAreasScroll();
    try {
      const rows = Array.from({ length: 200 }, (_, i) => mappingRow(`DOC-${String(i)}`));
      serve({
        'artifact/get-standard': success(standardDetail(rows, { standard: PUBLISHED })),
        'artifact/catalogue': catalogueAnswer,
      });
      // The hub matches codes trimmed and in any case; so does the editor.
      const table = await open(`${AT}&version=1&code=doc-150`);
      const found = await screen.findByTestId('row-lookup');
      expect(found).toHaveAttribute('role', 'status');
      expect(found).toHaveTextContent(
        'Row 151 maps the document type doc-150: it is marked below.',
      );
      const row = await screen.findByTestId('rows-row-151');
      expect(row).toHaveAttribute('aria-current', 'true');
      expect(row).toHaveClass('table-info');
      await waitFor(() => {
        expect(within(row).getByText('DOC-150')).toHaveFocus();
      });
      expect(within(table).queryAllByRole('row', { current: true })).toEqual([row]);
      // Published: nothing to add here.
      expect(screen.queryByRole('button', { name: /^Add a row for/ })).toBeNull();
    } finally {
      undoScroll();
    }
  });

  it('says a published version lacks the row, points to New version, and keeps looking in the new draft', async () => {
    const u = userEvent.setup();
    const v1 = standardVersion({ ...PUBLISHED });
    const v2 = standardVersion({ version: 2, basedOnVersion: 1 });
    serve({
      'artifact/get-standard': success(standardDetail([mappingRow('A')], { standard: PUBLISHED })),
      'artifact/catalogue': catalogueAnswer,
      'artifact/new-version': success(
        standardDetail([mappingRow('A')], {
          revision: 4,
          standard: { version: 2, basedOnVersion: 1 },
          versions: [v1, v2],
        }),
      ),
      getOrgSysList: systems,
    });
    const table = await open(`${AT}&version=1&code=FDA-1572`);
    const missing = await screen.findByTestId('row-lookup');
    expect(missing).toHaveTextContent(
      /^Documents of type FDA-1572 are held: this standard has no row for it\.\s*Start a new version \(New version, above\), add a row mapping FDA-1572 to an artifact, and publish it; the held documents are released when it is published\.$/,
    );
    expect(within(table).queryAllByRole('row', { current: true })).toEqual([]);
    expect(within(missing).queryByRole('button')).toBeNull();

    await u.click(screen.getByRole('button', { name: 'New version' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(`${AT}&version=2&code=FDA-1572`);
    });
    expect(
      await within(await screen.findByTestId('row-lookup')).findByRole('button', {
        name: 'Add a row for FDA-1572',
      }),
    ).toBeInTheDocument();
  });

  it('sends a published version to the draft already begun, still looking', async () => {
    const v1 = standardVersion({ ...PUBLISHED });
    const v3 = standardVersion({ version: 3, basedOnVersion: 1 });
    serve({
      'artifact/get-standard': success(
        standardDetail([mappingRow('A', { artifactNumber: '05.02.04' })], {
          standard: PUBLISHED,
          versions: [v1, v3],
        }),
      ),
      'artifact/catalogue': catalogueAnswer,
    });
    await open(`${AT}&version=1&artifact=05.04.04`);
    const missing = await screen.findByTestId('row-lookup');
    expect(missing).toHaveTextContent(
      /^Documents filed as 05\.04\.04 Visit Log are held: this standard maps none of its document types to that artifact\.\s*Version 3 is a draft of this standard: open it, add a row mapping one of this system’s document types to 05\.04\.04 Visit Log, and publish it;/,
    );
    expect(within(missing).getByRole('link', { name: 'Open version 3' })).toHaveAttribute(
      'href',
      `${AT}&version=3&artifact=05.04.04`,
    );
    expect(screen.queryByRole('button', { name: 'New version' })).toBeNull();
  });

  it('tells whoever may not change the standard who does', async () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve({
      'artifact/get-standard': success(standardDetail([mappingRow('A')], { standard: PUBLISHED })),
      'artifact/catalogue': catalogueAnswer,
    });
    await open(`${AT}&code=FDA-1572`);
    expect(await screen.findByTestId('row-lookup')).toHaveTextContent(
      'An administrator of Klinikum Eins or a platform administrator adds the row in a new version of this standard and publishes it',
    );
  });

  it('adds the missing row to a draft, its code filled in, through the grid’s own Add row', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'artifact/get-standard': success(standardDetail([mappingRow('A'), mappingRow('B')])),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/update-standard': (body) =>
        success(standardDetail(body.rows as ReturnType<typeof mappingRow>[], { revision: 4 })),
    });
    await open(`${AT}&code=FDA-1572`);
    const missing = await screen.findByTestId('row-lookup');
    expect(missing).toHaveTextContent(
      /^Documents of type FDA-1572 are held: this standard has no row for it\.\s*Add a row mapping FDA-1572 to an artifact, save, and publish this version; the held documents are released when it is published\./,
    );
    await u.click(within(missing).getByRole('button', { name: 'Add a row for FDA-1572' }));
    expect(screen.getByLabelText('Source code, row 3')).toHaveValue('FDA-1572');
    await waitFor(() => {
      expect(screen.getByLabelText('Source name, row 3')).toHaveFocus();
    });
    expect(screen.getByTestId('rows-row-3')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('row-lookup')).toHaveTextContent(
      'Row 3 maps the document type FDA-1572: it is marked below. The documents held for it are released once this version is published.',
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await u.type(screen.getByLabelText('Source name, row 3'), 'Form FDA 1572');
    const artifact = screen.getByRole('combobox', { name: 'Artifact, row 3' });
    await u.type(artifact, '05.02.08');
    await u.click(screen.getByRole('option', { name: /^05\.02\.08 Form FDA 1572/ }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent('Version 1 was saved.');
    const [saved] = bodiesOf(calls, 'artifact/update-standard') as { rows: unknown[] }[];
    expect(saved?.rows.at(-1)).toMatchObject({
      sourceCode: 'FDA-1572',
      sourceName: 'Form FDA 1572',
      artifactNumber: '05.02.08',
      filingLevel: 'site',
    });
  });

  it('adds a row for a missing artifact, the artifact filled in with what it implies', async () => {
    const u = userEvent.setup();
    serve({
      'artifact/get-standard': success(
        standardDetail([
          mappingRow('CV', {
            artifactNumber: '05.02.04',
            requiredMetadata: ['site', 'personName'],
          }),
        ]),
      ),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open(`${AT}&artifact=05.04.04`);
    const missing = await screen.findByTestId('row-lookup');
    expect(missing).toHaveTextContent(
      'Add a row mapping one of this system’s document types to 05.04.04 Visit Log, save, and publish this version',
    );
    await u.click(within(missing).getByRole('button', { name: 'Add a row for 05.04.04' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Source code, row 2')).toHaveFocus();
    });
    expect(screen.getByRole('combobox', { name: 'Artifact, row 2' })).toHaveValue(
      '05.04.04 Visit Log',
    );
    expect(screen.getByLabelText('Filing level, row 2')).toHaveValue('site');
    expect(screen.getByLabelText('Required metadata: Site, row 2')).toBeChecked();
    expect(screen.getByTestId('row-lookup')).toHaveTextContent(
      'Row 2 maps a document type to 05.04.04 Visit Log: it is marked below.',
    );
  });
});
