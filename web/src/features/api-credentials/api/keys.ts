import type { RegistryActor } from '@ccsc/contract/registry-access';
import type { CredentialQuery } from '../hooks/use-credential-list';

/** The API credentials' query keys (TanStack Query), in one place: a write invalidates by these. */
export const credentialKeys = {
  all: ['api-credentials'] as const,
  lists: () => [...credentialKeys.all, 'list'] as const,
  list: (query: CredentialQuery, cursor: string | undefined) =>
    [...credentialKeys.lists(), query, cursor ?? null] as const,
  /** The active systems a caller may issue a credential for (their role and organisation). */
  systems: (actor: RegistryActor) =>
    [...credentialKeys.all, 'systems', actor.role, actor.organisationId] as const,
};
