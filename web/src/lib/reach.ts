import { type Reach, reachOf as reachOfAccount } from '@ccsc/contract/reach';
import type { Role } from '@ccsc/contract/roles';

/**
 * How far the signed-in account reaches: the server's one rule (lambdas/src/@ccsc/contract/reach,
 * issue 12), imported, so that the screens offer exactly what the server allows. The user and
 * audit features both follow it, hence its place in lib/. The server decides every call on its
 * own from the verified token; this only keeps the screens honest.
 */
export type { Reach };

export interface Placed {
  role?: Role | null;
  organisationId?: string | null;
}

/** The reach of the stored profile (a profile may lack either field). */
export const reachOf = (account: Placed | null): Reach =>
  reachOfAccount({ role: account?.role ?? null, organisationId: account?.organisationId ?? null });

/** Whether the account reaches every organisation (and sees PlatformAdmins). */
export const reachesEverything = (account: Placed | null): boolean =>
  reachOf(account).kind === 'everything';

/** The one organisation a scoped account (OrgAdmin, Auditor of one) is confined to, or null. */
export const scopedOrganisation = (account: Placed | null): string | null => {
  const reach = reachOf(account);
  return reach.kind === 'organisation' ? reach.organisationId : null;
};
