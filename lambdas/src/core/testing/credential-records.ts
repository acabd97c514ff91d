import type { CredentialRecord } from '../ports/credentials';

/**
 * A stored credential with every field filled, made up: organisation A's eISF, active (revealed,
 * at revision 2), valid to July 2026, never called. What a test cares about is given in
 * `overrides` (a test file's own defaults too).
 */
export const aCredential = (
  apiId: string,
  overrides: Partial<CredentialRecord> = {},
): CredentialRecord => ({
  apiId,
  organisationId: 'A',
  systemId: 'a-eisf',
  clientId: `client-${apiId}`,
  scopes: ['ccsc-api/system.read'],
  description: null,
  contactEmail: 'it@nord.example',
  status: 'active',
  validUntil: '2026-07-01T00:00:00.000Z',
  createdAt: '2026-01-01T09:00:00.000Z',
  createdBy: 'admin@example.com',
  revealedAt: '2026-01-01T10:00:00.000Z',
  lastUsedAt: null,
  link: null,
  rotation: null,
  noticesSent: [],
  revokedAt: null,
  revokedBy: null,
  revision: 2,
  ...overrides,
});
