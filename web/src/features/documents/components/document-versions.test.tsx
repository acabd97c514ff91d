import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadTestRuntimeConfig } from '../../../testing/fake-api';
import { renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { documentAnswer, documentDetail, documentId } from '../../../testing/document-fixtures';
import { DocumentDetailPage } from './document-detail-page';

const ID = documentId(7);

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});

const open = async () => {
  renderScreen(<DocumentDetailPage />, `/admin/documents/view?documentId=${ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Visit log 7' });
  return screen.getByTestId('document-versions');
};

describe('a document’s versions and signature', () => {
  it('links the version it supersedes and the one that superseded it, and shows the signer', async () => {
    serve({
      's3documents/get': documentAnswer(
        documentDetail(7, {
          supersedesDocumentId: documentId(3),
          supersededByDocumentId: documentId(9),
          signature: {
            methodology: 'digital',
            signerId: 'jmueller',
            signerName: 'Dr. Jana Müller',
            signedAt: '2025-03-01T09:15:00Z',
            reason: 'Approval',
          },
        }),
      ),
    });
    const versions = await open();
    expect(within(versions).getByRole('link', { name: documentId(3) })).toHaveAttribute(
      'href',
      `/admin/documents/view?documentId=${documentId(3)}`,
    );
    expect(within(versions).getByRole('link', { name: documentId(9) })).toHaveAttribute(
      'href',
      `/admin/documents/view?documentId=${documentId(9)}`,
    );
    expect(versions).toHaveTextContent('SignatureDigital signature');
    expect(versions).toHaveTextContent('SignerDr. Jana Müller (jmueller)');
    expect(versions).toHaveTextContent('ReasonApproval');
  });

  it('says plainly when there is no other version and no signature', async () => {
    serve({ 's3documents/get': documentAnswer(documentDetail(7)) });
    const versions = await open();
    expect(within(versions).queryAllByRole('link')).toEqual([]);
    expect(versions).toHaveTextContent('Not a new version of another document.');
    expect(versions).toHaveTextContent('No later version has been delivered.');
    expect(versions).toHaveTextContent('Not signed (the sender stated no signature).');
  });
});
