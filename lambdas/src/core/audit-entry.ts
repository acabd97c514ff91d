import type { AuditEntry } from './ports/audit-trail';
import type { Caller, RequestContext } from './request';

/**
 * The parts of an audit record every feature that changes something fills the same way: who did
 * it, from where, about which user. They live with the audit feature, and are the one thing of
 * it other features import (eslint.config.js allows exactly this file across features).
 */

/** Who did it, for the audit trail: the verified caller, never what a body claims. */
export const actorOf = (caller: Caller): NonNullable<AuditEntry['actor']> => ({
  sub: caller.sub,
  email: caller.email,
  role: caller.role,
});

export const sourceOf = (ctx: RequestContext): AuditEntry['source'] => ({
  ip: ctx.sourceIp,
  userAgent: ctx.userAgent,
});

export const userTarget = (userName: string, email?: string): NonNullable<AuditEntry['target']> =>
  email === undefined
    ? { type: 'user', id: userName }
    : { type: 'user', id: userName, label: email };

/**
 * The audit record of a change an administrator made: what it was (action, target, before and
 * after, reason), by whom, from where, in the trail of the organisation it is about.
 */
export const auditEntry = (
  ctx: RequestContext<Caller>,
  fact: Pick<AuditEntry, 'action' | 'target' | 'before' | 'after' | 'reason'>,
  organisationId: string | null,
): AuditEntry => ({
  ...fact,
  outcome: 'success',
  actor: actorOf(ctx.caller),
  organisationId,
  source: sourceOf(ctx),
  requestId: ctx.requestId,
});

/**
 * Where one record about several organisations goes (issue 37, "audit exactly once"): the first
 * named as its `organisationId`, the others as `alsoFor`, so that it is one record in each one's
 * trail. Nulls and repeats left out; null when none is named.
 */
export const placesOf = (
  organisationIds: readonly (string | null)[],
): Pick<AuditEntry, 'organisationId' | 'alsoFor'> => {
  const [first = null, ...others] = [
    ...new Set(organisationIds.filter((o): o is string => o !== null)),
  ];
  return { organisationId: first, ...(others.length > 0 ? { alsoFor: others } : {}) };
};
