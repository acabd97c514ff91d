import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import { findOrganisations, type RegistryReadDeps } from './organisation-lists';
import { pageOf } from '../core/list-page';
import { toOrganisation, viewOf } from './registry-view';

/**
 * getSponsorList (SPEC §7): the sponsors and the CROs (who act for sponsors) the caller sees,
 * like list-organisations.
 */
export const getSponsorList: Core<(typeof routes)['getSponsorList'], RegistryReadDeps> = async (
  input,
  ctx,
  deps,
) => {
  const view = viewOf(ctx.caller, await deps.registry.snapshot());
  const found = findOrganisations(view, {
    search: input.search,
    kinds: ['sponsor', 'cro'],
    status: input.status,
    country: input.country,
  });
  const page = pageOf('sponsor-organisations', input, input, found);
  return {
    organisations: page.items.map(toOrganisation),
    count: page.count,
    total: page.total,
    nextCursor: page.nextCursor,
  };
};
