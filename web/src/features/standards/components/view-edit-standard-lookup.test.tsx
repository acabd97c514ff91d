import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it } from 'vitest';
import { success } from '../../../testing/fake-api';
import { bodiesOf, serve, signedInAs } from '../../../testing/registry-kit';
import {
  catalogueAnswer,
  mappingRow,
  SIGNED,
  standardDetail,
  standardVersion,
} from '../../../testing/standard-fixtures';
import { AT, open, setUpEditorTests, systems } from './view-edit-standard-kit';

setUpEditorTests();

describe('looking for a row (a held document’s "Map this type")', () => {
  /**
   * The test DOM (happy-dom) lays nothing out and scrolls nothing: the grid's scroll area is given the height of
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
      // Said once the rows are in the grid, never "no row" before (a fresh run under load caught
      // the notice ahead of the rows).
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
