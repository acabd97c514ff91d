import type { routes } from '../../contract';
import type { Core } from '../../http/router';
import type { AuditReader } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';

export interface VerifyAuditChainDeps {
  reader: Pick<AuditReader, 'verify'>;
  clock: Clock;
}

/**
 * verify-audit-chain: walks the whole hash chain from record 1 and answers whether it is intact,
 * or the first record where it breaks and why (changed, removed, slipped in). Reads only: a
 * check leaves no trace in the chain it checks.
 */
export const verifyAuditChain: Core<
  (typeof routes)['verify-audit-chain'],
  VerifyAuditChainDeps
> = async (_input, _ctx, { reader, clock }) => {
  const verdict = await reader.verify();
  return {
    intact: verdict.ok,
    records: verdict.records,
    brokenAt: verdict.ok ? null : verdict.brokenAt,
    reason: verdict.ok ? null : verdict.reason,
    checkedAt: clock.now().toISOString(),
  };
};
