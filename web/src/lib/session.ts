import type { Role } from '@ccsc/contract/roles';

/**
 * What the browser keeps about the signed-in administrator in localStorage (SPEC §3): the
 * agent-session marker the route guards read, the first-time-login flag and the profile shown in
 * the header. The tokens themselves are Amplify's business (lib/auth.ts).
 */
export const SESSION_KEYS = {
  agentSession: 'ccsc.agentSession',
  firstTimeLogin: 'ccsc.firstTimeLogin',
  profile: 'ccsc.profile',
} as const;

export interface StoredProfile {
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  /**
   * The Cognito user name (the ID token's `cognito:username`): what the server knows the account
   * by, and how a screen tells the signed-in account's own row (the e-mail is only an alias).
   * Absent in a profile stored before it was kept.
   */
  userName?: string;
  /**
   * The role (the one role group of the ID token's `cognito:groups` claim, never the old
   * `custom:role` attribute) and the organisation (`custom:organisationId`), for what the screens
   * offer; the server decides every permission from the verified token, whatever is kept here.
   */
  role?: Role | null;
  organisationId?: string | null;
}

// Storage can be unavailable (privacy modes, disabled storage); then nobody is signed in.
const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const hasAgentSession = (): boolean => read(SESSION_KEYS.agentSession) === 'true';

export const setAgentSession = (): void => {
  localStorage.setItem(SESSION_KEYS.agentSession, 'true');
};

export const isFirstTimeLogin = (): boolean => read(SESSION_KEYS.firstTimeLogin) === 'true';

export const setFirstTimeLogin = (value: boolean): void => {
  if (value) localStorage.setItem(SESSION_KEYS.firstTimeLogin, 'true');
  else localStorage.removeItem(SESSION_KEYS.firstTimeLogin);
};

/**
 * The role names, written out here rather than taken from the contract's ROLES: its roles module
 * brings zod, which must stay out of the login route (README, "Size budget"); this module is part
 * of the entry chunk. The Record type fails to compile if a role is added there and not here.
 */
const KNOWN_ROLES: Record<Role, true> = { PlatformAdmin: true, OrgAdmin: true, Auditor: true };

/** The role a stored or claimed value names, or null. */
export const roleOf = (value: unknown): Role | null =>
  typeof value === 'string' && Object.hasOwn(KNOWN_ROLES, value) ? (value as Role) : null;

/**
 * The role the ID token's `cognito:groups` claim gives, as the server reads it (roleOfGroups in
 * lambdas/src/core/ports/user-directory.ts): the one role group the user is in. None, or several, is
 * no role; other groups are ignored. The group is the only source of truth for a role.
 */
export const roleOfGroups = (groups: unknown): Role | null => {
  if (!Array.isArray(groups)) return null;
  const roles = (Object.keys(KNOWN_ROLES) as Role[]).filter((role) => groups.includes(role));
  return roles.length === 1 ? (roles[0] ?? null) : null;
};

const stringOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export const getProfile = (): StoredProfile | null => {
  const raw = read(SESSION_KEYS.profile);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return {
      givenName: stringOrNull(record.givenName),
      familyName: stringOrNull(record.familyName),
      email: stringOrNull(record.email),
      ...(typeof record.userName === 'string' && record.userName !== ''
        ? { userName: record.userName }
        : {}),
      role: roleOf(record.role),
      organisationId: stringOrNull(record.organisationId),
    };
  } catch {
    return null;
  }
};

export const setProfile = (profile: StoredProfile): void => {
  localStorage.setItem(SESSION_KEYS.profile, JSON.stringify(profile));
};

/** Clears localStorage (SPEC §4: logout clears it), keeping only the listed keys. */
export const clearSession = (keep: readonly string[] = []): void => {
  try {
    const kept = keep.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: there is nothing to clear.
  }
};
