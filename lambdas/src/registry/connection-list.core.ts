import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { Registry } from '../core/ports/registry';
import { findConnections } from './connection-index';
import { pageOf } from '../core/list-page';
import { toConnection, viewOf } from './registry-view';

export interface ListConnectionsDeps {
  registry: Pick<Registry, 'snapshot'>;
}

/**
 * list-connections: the connections the caller sees (a PlatformAdmin and an Auditor of every
 * organisation all; anyone else those their organisation is the sponsor, the CRO or the site
 * of), newest change first, filtered, searched and paged. Only the page's rows are shaped for
 * the API.
 */
export const listConnections: Core<
  (typeof routes)['list-connections'],
  ListConnectionsDeps
> = async ({ limit, cursor, ...query }, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const found = findConnections(viewOf(ctx.caller, snapshot), query);
  const page = pageOf('connections', query, { limit, cursor }, found);
  return {
    connections: page.items.map((c) => toConnection(c, snapshot)),
    count: page.count,
    total: page.total,
    nextCursor: page.nextCursor,
  };
};
