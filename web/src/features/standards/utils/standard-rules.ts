import type { Role } from '@ccsc/contract/roles';
import type { StoredProfile } from '../../../lib/session';

/**
 * Who may do what to mapping standards (issue 16), by the rule the server decides by
 * (`mayChangeStandards` in lambdas/src/standards/standard-records.ts, which the web may
 * not import: standard-rules.test.ts pins the same table): a PlatformAdmin changes every
 * standard, an OrgAdmin their own organisation's, an Auditor none. Who sees which standard is the
 * account's reach (lib/reach.ts); the server lists only those.
 */
export interface StandardActor {
  role: Role | null;
  organisationId: string | null;
}

export const standardActor = (profile: StoredProfile | null): StandardActor => ({
  role: profile?.role ?? null,
  organisationId: profile?.organisationId ?? null,
});

/** Whether the actor may change (edit, version, publish, retire) a standard of the organisation. */
export const mayChangeStandard = (actor: StandardActor, organisationId: string): boolean =>
  actor.role === 'PlatformAdmin' ||
  (actor.role === 'OrgAdmin' && actor.organisationId === organisationId);

/** Whether the actor may create standards at all (a PlatformAdmin for any, an OrgAdmin for theirs). */
export const mayCreateStandards = (actor: StandardActor): boolean =>
  actor.role === 'PlatformAdmin' || (actor.role === 'OrgAdmin' && actor.organisationId !== null);

/** The organisation a new standard of the actor's must belong to, or null when they choose. */
export const fixedOrganisation = (actor: StandardActor): string | null =>
  actor.role === 'PlatformAdmin' ? null : actor.organisationId;
