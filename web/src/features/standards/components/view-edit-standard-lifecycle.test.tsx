import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, serve, signedInAs } from '../../../testing/registry-kit';
import {
  catalogueAnswer,
  mappingRow,
  SIGNED,
  STANDARD_ID,
  standardDetail,
  standardVersion,
} from '../../../testing/standard-fixtures';
import { AT, open, setUpEditorTests, systems } from './view-edit-standard-kit';

setUpEditorTests();

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
