import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { OrganisationWriteDeps } from './organisation-writes';
import { setSystemStatus } from './system-status';

/** activate-system: an inactive system made active again (its organisation must be active). */
export const activateSystem: Core<(typeof routes)['activate-system'], OrganisationWriteDeps> = (
  input,
  ctx,
  deps,
) => setSystemStatus('active', input, ctx, deps);
