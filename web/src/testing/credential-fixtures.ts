import type { ApiCredential, ResponseOf } from '@ccsc/contract';

/**
 * API credentials as the server answers them (valid against the contract's schemas, which the API
 * client checks), for the credential screens' tests.
 */
export const credential = (
  apiId: string,
  overrides: Partial<ApiCredential> = {},
): ApiCredential => ({
  apiId,
  organisationId: 'site-1',
  organisationName: 'Klinikum Eins',
  systemId: `sys-${apiId}`,
  systemName: `System ${apiId}`,
  clientId: `client${apiId.replace(/-/g, '')}`,
  scopes: ['ccsc-api/system.read'],
  description: null,
  contactEmail: 'tech@klinikum.example',
  status: 'active',
  expiresAt: '2026-01-15T23:59:59.000Z',
  createdAt: '2025-01-15T10:00:00.000Z',
  createdBy: 'admin@example.com',
  revealedAt: '2025-01-16T09:00:00.000Z',
  linkExpiresAt: null,
  lastUsedAt: '2025-02-20T08:30:00.000Z',
  rotation: null,
  revokedAt: null,
  revokedBy: null,
  revision: 3,
  ...overrides,
});

export const credentialPage = (
  credentials: ApiCredential[],
  { total = credentials.length, nextCursor = null as string | null } = {},
): ResponseOf<'list-api-credentials'> => ({
  credentials,
  count: credentials.length,
  total,
  nextCursor,
});
