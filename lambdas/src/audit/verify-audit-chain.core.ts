import type { routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import type { AuditReader } from '../core/ports/audit-trail';
import type { ChainVerifications } from '../core/ports/chain-verifications';
import type { Clock } from '../core/ports/clock';

export interface VerifyAuditChainDeps {
  reader: Pick<AuditReader, 'verify'>;
  verifications: Pick<ChainVerifications, 'record'>;
  clock: Clock;
}

/**
 * verify-audit-chain (PlatformAdmins and Auditors of every organisation): walks the whole hash
 * chain from record 1 and answers whether it is intact, or the first record where it breaks and
 * why (changed, removed, slipped in).
 *
 * The chain itself is only read: a check adds no record to what it checks. What it found is kept
 * beside it, as the last verification (ports/chain-verifications.ts; issue 18), because the
 * dashboard shows when the chain was last verified, with what result and by whom. It is put
 * before the answer, so a check the caller sees is the one the dashboard shows.
 */
export const verifyAuditChain: Core<
  (typeof routes)['verify-audit-chain'],
  VerifyAuditChainDeps
> = async (_input, ctx, { reader, verifications, clock }) => {
  // The whole chain holds every organisation's records: its count and its breaks are for those
  // who read them all.
  if (reachOf(ctx.caller).kind !== 'everything') {
    throw new ForbiddenError(
      'Only an account that reads every organisation can verify the whole chain.',
    );
  }
  const verdict = await reader.verify();
  const answer = {
    intact: verdict.ok,
    records: verdict.records,
    brokenAt: verdict.ok ? null : verdict.brokenAt,
    reason: verdict.ok ? null : verdict.reason,
    checkedAt: clock.now().toISOString(),
  };
  await verifications.record({
    ...answer,
    by: { sub: ctx.caller.sub, email: ctx.caller.email },
    source: 'console',
  });
  return answer;
};
