import type { RegistryActor } from '@ccsc/contract/registry-access';
import type { StoredProfile } from '../../../lib/session';

/**
 * The signed-in administrator as the registry's rule (@ccsc/contract/registry-access) knows a
 * caller. The screens offer only what that rule allows; the server decides every call on its own
 * from the verified token.
 */
export const registryActor = (profile: StoredProfile | null): RegistryActor => ({
  role: profile?.role ?? null,
  organisationId: profile?.organisationId ?? null,
});
