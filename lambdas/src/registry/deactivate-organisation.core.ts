import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import { setOrganisationStatus } from './organisation-status';
import type { OrganisationWriteDeps } from './organisation-writes';

/**
 * deactivate-organisation (PlatformAdmin): refused (409, naming them) while an open connection
 * uses the organisation. Its systems keep their own status.
 */
export const deactivateOrganisation: Core<
  (typeof routes)['deactivate-organisation'],
  OrganisationWriteDeps
> = (input, ctx, deps) => setOrganisationStatus('inactive', input, ctx, deps);
