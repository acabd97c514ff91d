import { mayManageSystems, type RegistryActor } from './registry-access';
import { reachOf, reaches } from './reach';

/**
 * Who may do what with API credentials (issue 15), shared by the server, which enforces it, and
 * the web, which offers only what it allows. A credential belongs to its system's organisation.
 */

/** Reads it: a PlatformAdmin and an every-organisation Auditor all; the others their own. */
export const seesCredential = (actor: RegistryActor, organisationId: string): boolean =>
  reaches(reachOf(actor), organisationId);

/** Issues, resends, rotates, revokes: a PlatformAdmin, or the organisation's OrgAdmin. */
export const mayManageCredentials = (actor: RegistryActor, organisationId: string): boolean =>
  mayManageSystems(actor, organisationId);
