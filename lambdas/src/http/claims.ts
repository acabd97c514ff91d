import * as z from 'zod';
import { ROLES, type Role } from '@ccsc/contract/roles';
import { ForbiddenError, UnauthorizedError } from '../core/errors';
import type { Caller } from '../core/request';

/**
 * What a Cognito user-pool authorizer of an API Gateway REST API puts under
 * requestContext.authorizer.claims: the ID token's claims, every value a string.
 */
const claimsSchema = z.lazy(() =>
  z
    .object({
      sub: z.string().min(1),
      token_use: z.literal('id'),
      'cognito:username': z.string().min(1),
      email: z.string().min(1),
      'cognito:groups': z.string().optional(),
      'custom:organisationId': z.string().optional(),
    })
    .loose(),
);

/** Groups arrive as "A", "A,B" or "[A, B]" depending on the gateway flavour; accept each. */
export const parseGroups = (raw: string | undefined): string[] =>
  (raw ?? '')
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter((g) => g.length > 0);

export const callerFromClaims = (claims: unknown): Caller => {
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) throw new UnauthorizedError();
  const c = parsed.data;
  const roles = parseGroups(c['cognito:groups']).filter((g): g is Role =>
    (ROLES as readonly string[]).includes(g),
  );
  const [role, ...others] = roles;
  // A user has exactly one role; none or several means the directory is inconsistent: refuse.
  if (role === undefined || others.length > 0) {
    throw new ForbiddenError('Your account has no valid role. Contact the administrator.');
  }
  return {
    sub: c.sub,
    userName: c['cognito:username'],
    email: c.email,
    role,
    organisationId: c['custom:organisationId'] ?? null,
  };
};
