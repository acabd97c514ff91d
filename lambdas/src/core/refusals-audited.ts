import type { RouteDefinition } from '@ccsc/contract/route';
import type { ErrorCode } from '@ccsc/contract/envelope';
import { AppError } from './errors';
import type { Caller, Core, RequestContext } from './request';
import type { AuditEntry, AuditTrail } from './ports/audit-trail';
import { actorOf, sourceOf } from './audit-entry';

/**
 * Refused registry changes, in the audit trail: an administrator who tried to change what they may
 * not, or what was gone, stale, taken or in use, is on record with the refusal's words (21 CFR
 * Part 11 asks for attempts, not only successes; the users feature records its refusals the same
 * way). The record carries the action the change would have had (`system.created`, outcome
 * failure), what the request named (never more: an id out of the caller's sight stays an id),
 * and the caller's own organisation, so their organisation's Auditors read it.
 *
 * Only refusals the change's own rules make (403, 404, 409, and a 400 of a record the request
 * names) are recorded here; a body the contract refuses never reaches the core, and an import's
 * parts refused on the way are recorded once by RegistryWrites.applyAll.
 */

export interface RefusalDeps {
  audit: Pick<AuditTrail, 'append'>;
}

const RECORDED: readonly ErrorCode[] = ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'VALIDATION_FAILED'];

export interface RefusalRecord<I> {
  /** The action the change records when made. */
  action: string;
  /** What the request named, when it names a record. */
  target?: (input: I) => AuditEntry['target'];
  /** The refusals recorded (default: 403, 404, 409 and a core's 400). */
  codes?: readonly ErrorCode[];
}

export const refusalsAudited =
  <R extends RouteDefinition & { auth: 'authenticated' }, D>(
    record: RefusalRecord<Parameters<Core<R, D>>[0]>,
    core: Core<R, D>,
  ): Core<R, D & RefusalDeps> =>
  async (input, ctx, deps) => {
    try {
      return await core(input, ctx, deps);
    } catch (err) {
      if (err instanceof AppError && (record.codes ?? RECORDED).includes(err.code)) {
        // A console call's refusal (the registry's calls are all console calls).
        const consoleCtx = ctx as RequestContext<Caller>;
        const caller = consoleCtx.caller;
        const target = record.target?.(input);
        await deps.audit.append({
          action: record.action,
          outcome: 'failure',
          actor: actorOf(caller),
          ...(target === undefined ? {} : { target }),
          organisationId: caller.organisationId,
          source: sourceOf(consoleCtx),
          requestId: ctx.requestId,
          reason: err.message,
        });
      }
      throw err;
    }
  };
