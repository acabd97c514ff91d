import type { CredentialQuery } from '../hooks/use-credential-list';

/** The API credentials' query keys (TanStack Query), in one place: a write invalidates by these. */
export const credentialKeys = {
  all: ['api-credentials'] as const,
  lists: () => [...credentialKeys.all, 'list'] as const,
  list: (query: CredentialQuery, cursor: string | undefined) =>
    [...credentialKeys.lists(), query, cursor ?? null] as const,
};
