import type { Role } from '@ccsc/lambdas/contract/roles';

/**
 * How far the signed-in account reaches, mirrored from the server's one rule
 * (lambdas/src/core/reach.ts, issue 12) so that the screens offer what the server allows:
 *
 * - a PlatformAdmin reaches everything;
 * - an Auditor with no organisation reads everything;
 * - an OrgAdmin, or an Auditor with an organisation, reaches that organisation only ("scoped");
 * - an account without a role, or whose role needs an organisation it lacks, reaches nothing.
 *
 * The user and audit features both follow it, hence its place in lib/. The server decides every
 * call on its own from the verified token; this only keeps the screens honest.
 */
export type Reach =
  { kind: 'everything' } | { kind: 'organisation'; organisationId: string } | { kind: 'nothing' };

export interface Placed {
  role?: Role | null;
  organisationId?: string | null;
}

export const reachOf = (account: Placed | null): Reach => {
  const role = account?.role ?? null;
  const organisationId = account?.organisationId ?? null;
  if (role === 'PlatformAdmin') return { kind: 'everything' };
  if (role === 'Auditor' && organisationId === null) return { kind: 'everything' };
  if (role === null || organisationId === null) return { kind: 'nothing' };
  return { kind: 'organisation', organisationId };
};

/** Whether the account reaches every organisation (and sees PlatformAdmins). */
export const reachesEverything = (account: Placed | null): boolean =>
  reachOf(account).kind === 'everything';

/** The one organisation a scoped account (OrgAdmin, Auditor of one) is confined to, or null. */
export const scopedOrganisation = (account: Placed | null): string | null => {
  const reach = reachOf(account);
  return reach.kind === 'organisation' ? reach.organisationId : null;
};
