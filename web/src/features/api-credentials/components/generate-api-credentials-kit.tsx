// The API credential list's tests share these.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { credential, credentialPage } from '../../../testing/credential-fixtures';
import { loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { signedInAs } from '../../../testing/registry-kit';
import { organisation } from '../../../testing/registry-fixtures';

export const NOW = new Date('2025-03-01T10:00:00.000Z');
export const KLINIKUM = organisation('site-1', 'Klinikum Eins');
export const PHARMA = organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor' });

export const EISF = credential('eisf-0001', {
  systemName: 'Klinikum eISF',
  scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
  expiresAt: '2025-03-20T23:59:59.000Z',
  status: 'expiring',
});
export const CTMS = credential('ctms-0001', {
  organisationId: 'sponsor-1',
  organisationName: 'Pharma Zwei',
  systemName: 'Pharma CTMS',
  status: 'pending',
  revealedAt: null,
  lastUsedAt: null,
  linkExpiresAt: '2025-03-03T10:00:00.000Z',
});
export const OLD = credential('old-00001', { systemName: 'Old eTMF', status: 'revoked' });

export const list = (body: Record<string, unknown>) =>
  body.cursor === 'p2'
    ? success(credentialPage([OLD], { total: 3 }))
    : success(credentialPage([EISF, CTMS], { total: 3, nextCursor: 'p2' }));

export const row = (system: string) => screen.findByTestId(`credential-row-${system}`);

/** Each test at NOW (the clock's date only), signed in with the kit's default profile; all restored after. */
export const setUpCredentialListTests = () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await loadTestRuntimeConfig();
    signedInAs({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
