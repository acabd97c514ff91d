import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { OrganisationWriteDeps } from './organisation-writes';
import { setSystemStatus } from './system-status';

/** deactivate-system: refused (409, naming them) while an open connection uses the system. */
export const deactivateSystem: Core<(typeof routes)['deactivate-system'], OrganisationWriteDeps> = (
  input,
  ctx,
  deps,
) => setSystemStatus('inactive', input, ctx, deps);
