import { auditRoutes as routes } from '@ccsc/contract/audit';
import { verifyAuditChain } from '../audit/verify-audit-chain.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { auditReader, chainVerifications } from '../wiring/audit';

export const handler = handle(routes['verify-audit-chain'], verifyAuditChain, () => ({
  reader: auditReader(),
  verifications: chainVerifications(),
  clock: systemClock,
}));
