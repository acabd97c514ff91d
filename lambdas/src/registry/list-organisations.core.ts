import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import { findOrganisations, type RegistryReadDeps } from './organisation-lists';
import { pageOf } from '../core/list-page';
import { toOrganisation, viewOf } from './registry-view';

/**
 * list-organisations: the organisations of every kind the caller sees (registry-view.ts), by
 * name; filtered by kind, status, country and search (the start of any word of the name, of an
 * identifier's value, or the country code), and paged.
 */
export const listOrganisations: Core<
  (typeof routes)['list-organisations'],
  RegistryReadDeps
> = async (input, ctx, deps) => {
  const view = viewOf(ctx.caller, await deps.registry.snapshot());
  const found = findOrganisations(view, {
    search: input.search,
    kinds: input.kind === undefined ? undefined : [input.kind],
    status: input.status,
    country: input.country,
  });
  const page = pageOf('organisations', input, input, found);
  return {
    organisations: page.items.map(toOrganisation),
    count: page.count,
    total: page.total,
    nextCursor: page.nextCursor,
  };
};
