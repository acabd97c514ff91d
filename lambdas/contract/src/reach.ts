import type { Role } from './roles';

/**
 * How far an account reaches: what every read and every grant of the console follows from
 * (issue 12). One rule, used by the user, audit and organisation features alike:
 *
 * - a PlatformAdmin reaches everything (and belongs to no organisation);
 * - an Auditor with no organisation reads everything; only a PlatformAdmin can make one;
 * - an Auditor with an organisation reads that organisation only;
 * - an OrgAdmin manages their own organisation only;
 * - an account whose role needs an organisation and has none reaches nothing.
 *
 * An administrator may give only what lies within their own reach, so no account an OrgAdmin can
 * create or change reaches beyond the OrgAdmin's own organisation.
 */
export type Reach =
  { kind: 'everything' } | { kind: 'organisation'; organisationId: string } | { kind: 'nothing' };

export interface Placed {
  role: Role | null;
  organisationId: string | null;
}

export const reachOf = ({ role, organisationId }: Placed): Reach => {
  if (role === 'PlatformAdmin') return { kind: 'everything' };
  if (role === 'Auditor' && organisationId === null) return { kind: 'everything' };
  if (role === null || organisationId === null) return { kind: 'nothing' };
  return { kind: 'organisation', organisationId };
};

/** Whether a record about `organisationId` (null: about no organisation) lies within `reach`. */
export const reaches = (reach: Reach, organisationId: string | null): boolean =>
  reach.kind === 'everything' ||
  (reach.kind === 'organisation' && organisationId === reach.organisationId);

/** Whether everything `inner` reaches lies within `outer`. */
export const reachWithin = (inner: Reach, outer: Reach): boolean => {
  if (outer.kind === 'everything' || inner.kind === 'nothing') return true;
  if (outer.kind === 'nothing' || inner.kind === 'everything') return false;
  return inner.organisationId === outer.organisationId;
};

/**
 * Whether an account with `reach` may see the account `user` at all: within their organisation,
 * and never a PlatformAdmin unless they reach everything (a PlatformAdmin belongs to no
 * organisation, so this only states it).
 */
export const seesAccount = (reach: Reach, user: Placed): boolean =>
  reach.kind === 'everything' ||
  (user.role !== 'PlatformAdmin' && reaches(reach, user.organisationId));
