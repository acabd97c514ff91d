import { ROLES } from '@ccsc/contract/roles';
import { type routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { UserDirectory } from '../core/ports/user-directory';
import { grantableRoles } from '@ccsc/contract/permissions';

export interface ListAllGroupsDeps {
  directory: Pick<UserDirectory, 'listGroups'>;
}

/**
 * The roles a user can be given (SPEC §7 list-all-groups): the role groups the pool has, in the
 * order of ROLES, with Cognito's descriptions. Only the roles the caller may give (the permission
 * rules decide, as they do on create and update): an OrgAdmin never sees PlatformAdmin offered,
 * an Auditor nothing.
 */
export const listAllGroups: Core<(typeof routes)['list-all-groups'], ListAllGroupsDeps> = async (
  _input,
  ctx,
  { directory },
) => {
  const existing = new Map((await directory.listGroups()).map((g) => [g.name, g.description]));
  return {
    groups: grantableRoles(
      ctx.caller,
      ROLES.filter((role) => existing.has(role)),
    ).map((role) => ({ name: role, description: existing.get(role) ?? null })),
  };
};
