import type { routes } from '@ccsc/contract';
import type { OrganisationKind } from '../../data-model';
import type { Caller } from '../../core/request';
import type { Core } from '../../core/request';
import { reaches, reachOf } from '@ccsc/contract/reach';
import type { Organisation, Organisations } from '../../ports/organisations';

export interface OrganisationListDeps {
  organisations: Pick<Organisations, 'list'>;
}

/**
 * What the caller may see of a kind: the organisations within their reach (@ccsc/contract/reach) —
 * every one for a PlatformAdmin or an Auditor of every organisation, their own for an OrgAdmin
 * or an Auditor of one.
 */
const visibleTo = (caller: Caller, all: Organisation[]) => {
  const reach = reachOf(caller);
  return all.filter((o) => reaches(reach, o.organisationId));
};

const listOf = async (kind: OrganisationKind, caller: Caller, deps: OrganisationListDeps) => ({
  organisations: visibleTo(caller, await deps.organisations.list(kind)),
});

/** getSiteOrgList: the site organisations (SPEC §7). */
export const getSiteOrgList: Core<(typeof routes)['getSiteOrgList'], OrganisationListDeps> = (
  _input,
  ctx,
  deps,
) => listOf('site', ctx.caller, deps);

/** getSponsorList: the sponsor organisations (SPEC §7). */
export const getSponsorList: Core<(typeof routes)['getSponsorList'], OrganisationListDeps> = (
  _input,
  ctx,
  deps,
) => listOf('sponsor', ctx.caller, deps);
