import { useQuery } from '@tanstack/react-query';
import type { RegistryActor } from '@ccsc/contract/registry-access';
import { callApi } from '../../../lib/api';
import { loadedOf } from '../../../lib/query-state';
import { registryKeys } from '../api/keys';

const loadOwn = async (organisationId: string) =>
  (await callApi('get-organisation', { organisationId })).organisation;

/**
 * The organisation of a scoped caller (an OrgAdmin's or an Auditor's of one organisation): its
 * kind decides whether they may invite (sponsor, CRO) or answer invitations (site). Nothing for a
 * caller of no organisation (a PlatformAdmin, an Auditor of every organisation).
 */
export const useOwnOrganisation = (actor: RegistryActor) => {
  const scoped =
    (actor.role === 'OrgAdmin' || actor.role === 'Auditor') && actor.organisationId !== null;
  const ownId = scoped ? actor.organisationId : null;
  const own = loadedOf(
    useQuery({
      queryKey: registryKeys.ownOrganisation(ownId),
      queryFn: () => loadOwn(ownId ?? ''),
      enabled: ownId !== null,
    }),
  );
  return {
    /** Still finding out (the screen holds back what depends on the kind). */
    loading: own.loading,
    organisation: own.value,
  };
};
