import { routes } from '../contract';
import { verifyAuditChain } from '../features/audit/verify-audit-chain.core';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { auditReader } from './wiring/audit';

export const handler = createHandler(routes['verify-audit-chain'], verifyAuditChain, () => ({
  reader: auditReader(),
  clock: systemClock,
}));
