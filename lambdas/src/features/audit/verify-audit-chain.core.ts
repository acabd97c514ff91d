import type { routes } from '@ccsc/contract';
import { reachOf } from '@ccsc/contract/reach';
import { ForbiddenError } from '../../core/errors';
import type { Core } from '../../core/request';
import type { AuditReader } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';

export interface VerifyAuditChainDeps {
  reader: Pick<AuditReader, 'verify'>;
  clock: Clock;
}

/**
 * verify-audit-chain (PlatformAdmins and Auditors of every organisation): walks the whole hash
 * chain from record 1 and answers whether it is intact,
 * or the first record where it breaks and why (changed, removed, slipped in). Reads only: a
 * check leaves no trace in the chain it checks.
 */
export const verifyAuditChain: Core<
  (typeof routes)['verify-audit-chain'],
  VerifyAuditChainDeps
> = async (_input, ctx, { reader, clock }) => {
  // The whole chain holds every organisation's records: its count and its breaks are for those
  // who read them all.
  if (reachOf(ctx.caller).kind !== 'everything') {
    throw new ForbiddenError(
      'Only an account that reads every organisation can verify the whole chain.',
    );
  }
  const verdict = await reader.verify();
  return {
    intact: verdict.ok,
    records: verdict.records,
    brokenAt: verdict.ok ? null : verdict.brokenAt,
    reason: verdict.ok ? null : verdict.reason,
    checkedAt: clock.now().toISOString(),
  };
};
