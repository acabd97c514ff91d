// The document list's tests share these; each test file mocks '../../../lib/download' itself.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { downloadFile } from '../../../lib/download';
import { loadTestRuntimeConfig } from '../../../testing/fake-api';
import { signedInAs } from '../../../testing/registry-kit';
import { documentPage, documentSummary } from '../../../testing/document-fixtures';

export const DELIVERED = documentSummary(1);
export const HELD = documentSummary(2, {
  title: 'CV of the investigator',
  state: 'held',
  holdReason: 'sender-type-unmapped',
  direction: 'sponsor-to-site',
  typeCode: 'CV-PI',
  artifactNumber: null,
  receiverTypeCode: null,
  size: 800,
});
export const RECEIVED = documentSummary(3, {
  state: 'received',
  artifactNumber: null,
  receiverTypeCode: null,
});
export const list = (body: Record<string, unknown>) =>
  body.cursor === 'p2' ? documentPage([HELD]) : documentPage([DELIVERED, RECEIVED], 'p2');

export const location = () => screen.getByTestId('location').textContent;

/** Each test signed in with the kit's default profile, the mocked download reset; fetch and mocks restored after. */
export const setUpDocumentListTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({});
    vi.mocked(downloadFile).mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
