import {
  type ApiCredential,
  API_SCOPES,
  type ApiScope,
  type ApiScopeName,
  EXPIRING_DAYS,
  fullScope,
  MAX_CREDENTIAL_MONTHS,
} from '@ccsc/contract';
import { reaches, reachOf } from '@ccsc/contract/reach';
import type { RegistryActor } from '@ccsc/contract/registry-access';
import type { StoredProfile } from '../../../lib/session';

/**
 * What the credential screens offer, by the rules the server decides by: a credential belongs to
 * an organisation system, so whoever manages that organisation's systems manages its credentials
 * (the registry's `mayManageSystems`: a PlatformAdmin any, an OrgAdmin their own organisation's);
 * Auditors read. The state a step needs is the credential model's (@ccsc/contract/credentials);
 * the server answers a step that no longer fits with 409.
 */

/**
 * The registry's `mayManageSystems`, said with the contract's reach rule (an administrator, and
 * the organisation within their reach). Not imported from @ccsc/contract/registry-access: shared
 * with the registry's chunk, that module would become a chunk of its own, named in the login
 * route's entry chunk (README, "Size budget"); credential-rules.test.ts holds the two equal.
 */
export const mayManageSystems = (actor: RegistryActor, organisationId: string): boolean =>
  (actor.role === 'PlatformAdmin' || actor.role === 'OrgAdmin') &&
  reaches(reachOf(actor), organisationId);

export type CredentialAction = 'resend' | 'rotate' | 'retire' | 'revoke' | 'scope';

export const credentialActor = (profile: StoredProfile | null): RegistryActor => ({
  role: profile?.role ?? null,
  organisationId: profile?.organisationId ?? null,
});

/** Whether the actor may issue a credential at all (to some system of theirs). */
export const mayIssue = (actor: RegistryActor): boolean =>
  actor.organisationId !== null
    ? mayManageSystems(actor, actor.organisationId)
    : actor.role === 'PlatformAdmin';

/** A rotation whose new secret was revealed: both secrets work until `retiresAt`. */
export const revealedRotation = (credential: ApiCredential): boolean =>
  credential.rotation !== null && credential.rotation.revealedAt !== null;

/** The actions the actor may take on the credential as it stands. */
export const credentialActions = (
  actor: RegistryActor,
  credential: ApiCredential,
): CredentialAction[] => {
  const actions: CredentialAction[] = [];
  const manages = mayManageSystems(actor, credential.organisationId);
  const live = credential.status === 'active' || credential.status === 'expiring';
  if (manages && credential.status === 'pending') actions.push('resend');
  if (manages && live && !revealedRotation(credential)) actions.push('rotate');
  if (manages && live && revealedRotation(credential)) actions.push('retire');
  if (credential.status !== 'revoked') actions.push('scope');
  if (manages && credential.status !== 'revoked') actions.push('revoke');
  return actions;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days until the credential expires (0 on its last day), when that is EXPIRING_DAYS or
 * fewer and it still works (not expired, revoked or broken); otherwise null.
 */
export const daysToExpiry = (credential: ApiCredential, now: Date): number | null => {
  if (
    credential.status === 'revoked' ||
    credential.status === 'expired' ||
    credential.status === 'broken'
  ) {
    return null;
  }
  const left = new Date(credential.expiresAt).getTime() - now.getTime();
  if (Number.isNaN(left) || left < 0) return null;
  const days = Math.floor(left / DAY_MS);
  return days <= EXPIRING_DAYS ? days : null;
};

// ---- the expiry a new credential is issued for (a date, the credential ends with that day) ----

/** "YYYY-MM-DD" of a moment, in UTC (the console shows dates by their UTC day). */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

const addUtcDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * The last day a new credential may run to: MAX_CREDENTIAL_MONTHS ahead less a day, so that the
 * end of that day stays within the server's limit.
 */
export const latestExpiryDay = (now: Date): string => {
  const ahead = new Date(now.getTime());
  const day = ahead.getUTCDate();
  ahead.setUTCDate(1);
  ahead.setUTCMonth(ahead.getUTCMonth() + MAX_CREDENTIAL_MONTHS);
  // The same day of the month, or the month's last (31 March + 1 month: 30 April).
  const lastOfMonth = new Date(
    Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth() + 1, 0),
  ).getUTCDate();
  ahead.setUTCDate(Math.min(day, lastOfMonth));
  return dayOf(addUtcDays(ahead, -1));
};

/** The first day a new credential may end on: tomorrow (it runs at least a day). */
export const earliestExpiryDay = (now: Date): string => dayOf(addUtcDays(now, 1));

/** What the contract's `expiresAt` is for a chosen day: the end of that day (UTC). */
export const expiresAtOfDay = (day: string): string => `${day}T23:59:59.000Z`;

/** Whether a chosen day is one a credential may end on. */
export const expiryDayFits = (day: string, now: Date): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) &&
  !Number.isNaN(new Date(expiresAtOfDay(day)).getTime()) &&
  day >= earliestExpiryDay(now) &&
  day <= latestExpiryDay(now);

// ---- scopes ----

/** Where each scope's description is translated (locales: credentials.scopeDescriptions). */
export const SCOPE_TEXT_KEYS = {
  'system.read': 'systemRead',
  'connections.read': 'connectionsRead',
  'standards.read': 'standardsRead',
  'documents.send': 'documentsSend',
  'documents.receive': 'documentsReceive',
  'events.read': 'eventsRead',
  'webhooks.manage': 'webhooksManage',
} as const satisfies Record<ApiScopeName, string>;

/** The contract's entry of a scope as a token carries it ("ccsc-api/system.read"). */
export const scopeEntryOf = (scope: ApiScope) =>
  API_SCOPES.find((entry) => fullScope(entry.name) === scope) ?? null;
