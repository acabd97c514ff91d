import type { routes } from '../../contract';
import type { OrganisationKind } from '../../data-model';
import type { Caller } from '../../http/claims';
import type { Core } from '../../http/router';
import type { Organisation, Organisations } from '../../ports/organisations';

export interface OrganisationListDeps {
  organisations: Pick<Organisations, 'list'>;
}

/**
 * What the caller may see of a kind: a PlatformAdmin and an Auditor every organisation (the
 * Auditor reads everything), an OrgAdmin only their own (they manage nothing else).
 */
const visibleTo = (caller: Caller, all: Organisation[]) =>
  caller.role === 'OrgAdmin' ? all.filter((o) => o.organisationId === caller.organisationId) : all;

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
