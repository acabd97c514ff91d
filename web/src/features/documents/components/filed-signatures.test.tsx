import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { filedObject, importDetail, importPage } from '../../../testing/document-fixtures';
import { serve } from '../../../testing/registry-kit';
import { open, setUpImportPageTests } from './import-page-kit';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));

setUpImportPageTests();

describe('the signatures of a file an import filed', () => {
  it('shows each signer under the file’s name, a moment without an offset as written', async () => {
    serve({
      's3documents/import-get': importPage(importDetail(1), [
        filedObject(1, {
          signatures: [
            {
              methodology: 'electronic',
              signerId: 'jmueller',
              signerName: 'Dr. Jana Müller',
              signedAt: '2025-03-01T09:15:00Z',
              reason: 'Authorship',
            },
            {
              methodology: 'digital',
              signerId: 'mweber',
              signerName: 'Max Weber',
              signedAt: '2025-03-02T10:00:00',
              reason: 'Approval',
            },
          ],
        }),
        filedObject(2),
      ]),
    });
    await open();
    const signed = within(screen.getByTestId('filed-1')).getAllByRole('listitem');
    expect(signed).toHaveLength(2);
    expect(signed[0]).toHaveTextContent(
      /^Signed electronically by Dr\. Jana Müller \(jmueller\), .*2025.*: Authorship$/u,
    );
    expect(signed[1]).toHaveTextContent(
      'Signed digitally by Max Weber (mweber), 2025-03-02T10:00:00: Approval',
    );
    expect(within(screen.getByTestId('filed-2')).queryByTestId('filed-signatures')).toBeNull();
  });
});
