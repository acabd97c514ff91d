import { declaredOperations } from '@ccsc/lambdas/declared';
import { type ApiFunction, FEATURE_AREAS } from './feature-areas';
import { GRANTS_BY_NAME } from './grants/by-name';
import type { PermissionGrant } from './grants/grant';

const grantsOf = new Map(declaredOperations.map((d) => [d.operation, d.grants]));

/**
 * Each function's own needs, before the MFA gate is added: an operation's are the grants its
 * table line names (lambdas/src/<area>/operations.ts), each mapped by grants/by-name.ts, in the
 * line's order. A console operation no table declares runs `not-implemented.ts` and calls
 * nothing (it gets the MFA gate only); nor does the partner API's OpenAPI document.
 */
export const OPERATION_PERMISSIONS: Readonly<Record<ApiFunction, readonly PermissionGrant[]>> =
  Object.fromEntries(
    Object.values(FEATURE_AREAS)
      .flat()
      .map((name): [ApiFunction, readonly PermissionGrant[]] => [
        name,
        (grantsOf.get(name) ?? []).flatMap((grant) => GRANTS_BY_NAME[grant]),
      ]),
  ) as Record<ApiFunction, readonly PermissionGrant[]>;
