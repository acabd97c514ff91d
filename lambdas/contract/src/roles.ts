import * as z from 'zod';

/**
 * The three administrator roles. Each is a Cognito group of the same name; a user belongs to
 * exactly one. The spec does not name roles (SPEC §6), so these names are ours.
 */
export const ROLES = ['PlatformAdmin', 'OrgAdmin', 'Auditor'] as const;
export const roleSchema = z.lazy(() => z.enum(ROLES));
export type Role = z.infer<typeof roleSchema>;

export const ALL_ROLES: readonly Role[] = ROLES;
