import { auditRoutes as routes } from '@ccsc/contract/audit';
import { declareOperation as op } from '../core/operation';
import * as exporting from './export-audit-records.core';
import * as listing from './list-audit-records.core';
import * as chain from './verify-audit-chain.core';

// The audit trail's operations: one line each.
// The chain read backwards, or a view's index read and counted.
export const listAuditRecords = /* @__PURE__ */ op(
  routes,
  'list-audit-records',
  listing.listAuditRecords,
  'read',
  ['audit.read', 'audit.views.read'],
);
// The trail read backwards (a view from its index), streamed into the exports bucket; recorded.
export const exportAuditRecords = /* @__PURE__ */ op(
  routes,
  'export-audit-records',
  exporting.exportAuditRecords,
  'exporting',
  ['audit.append', 'audit.views.read', 'exports.write'],
);
// The whole chain walked; what it found kept as the last verification.
export const verifyAuditChain = /* @__PURE__ */ op(
  routes,
  'verify-audit-chain',
  chain.verifyAuditChain,
  'verify',
  ['audit.read', 'audit.verification.record'],
);
