import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import { setOrganisationStatus } from './organisation-status';
import type { OrganisationWriteDeps } from './organisation-writes';

/** activate-organisation (PlatformAdmin): an inactive organisation made active again. */
export const activateOrganisation: Core<
  (typeof routes)['activate-organisation'],
  OrganisationWriteDeps
> = (input, ctx, deps) => setOrganisationStatus('active', input, ctx, deps);
