// The audit trail's tests share these; each test file mocks '../../../lib/auth-token' itself.
import type { AuditRecord } from '@ccsc/contract';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { setProfile, type StoredProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { testConfig } from '../../../testing/render-app';
import { AuditTrailPage } from './audit-trail-page';

export const record = (seq: number, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  seq,
  at: `2025-01-15T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
  action: 'user.disabled',
  outcome: 'success',
  actor: { sub: 'sub-admin', email: 'admin@example.com', role: 'PlatformAdmin' },
  target: { type: 'user', id: `sub-${String(seq)}`, label: `user${String(seq)}@example.com` },
  organisationId: 'site-001',
  alsoFor: [],
  source: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 test' },
  requestId: `req-${String(seq)}`,
  before: { enabled: true },
  after: { enabled: false },
  reason: null,
  hash: 'a'.repeat(64),
  prevHash: 'b'.repeat(64),
  ...overrides,
});

export const page = (
  records: AuditRecord[],
  nextCursor: string | null = null,
  total: number | null = null,
) => success({ records, count: records.length, nextCursor, total });

export const renderPage = () =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <QueryProvider>
        <MemoryRouter>
          <AuditTrailPage />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );

/** Answers list-audit-records with `list` and verify-audit-chain with `verify`. */
export const serve = (
  list: (body: Record<string, unknown>) => ApiAnswer,
  verify: () => ApiAnswer = () => failure(500, 'INTERNAL', 'unexpected'),
) =>
  fakeApi((path, body) =>
    path === 'list-audit-records' ? list(body as Record<string, unknown>) : verify(),
  );

export const signedInAs = (profile: Pick<StoredProfile, 'role' | 'organisationId'>) => {
  setProfile({ givenName: null, familyName: null, email: 'me@example.com', ...profile });
};

/** Each test signed in as a PlatformAdmin; fetch restored after. */
export const setUpAuditTrailTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({ role: 'PlatformAdmin', organisationId: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
};
