import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import { findSystems, type RegistryReadDeps } from './organisation-lists';
import { pageOf } from '../core/list-page';
import { toSystem, viewOf } from './registry-view';

/**
 * getOrgSysList (SPEC §7): the systems the caller sees (their organisation's, and those their
 * connections use), by organisation, then name; filtered (an organisation's, kind, environment,
 * status, search on name, vendor and product) and paged. Another organisation's systems that
 * no connection of theirs uses are simply not there.
 */
export const getOrgSysList: Core<(typeof routes)['getOrgSysList'], RegistryReadDeps> = async (
  input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const found = findSystems(viewOf(ctx.caller, snapshot), input);
  const page = pageOf('systems', input, input, found);
  return {
    systems: page.items.map((system) => toSystem(system, snapshot)),
    count: page.count,
    total: page.total,
    nextCursor: page.nextCursor,
  };
};
