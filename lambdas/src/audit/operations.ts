import { auditRoutes as routes } from '@ccsc/contract/audit';
import { declareOperation as op } from '../core/operation';
import * as exporting from './export-audit-records.core';
import * as listing from './list-audit-records.core';
import * as chain from './verify-audit-chain.core';

// The audit trail's operations: one line each.
export const listAuditRecords = /* @__PURE__ */ op(
  routes,
  'list-audit-records',
  listing.listAuditRecords,
  'read',
);
export const exportAuditRecords = /* @__PURE__ */ op(
  routes,
  'export-audit-records',
  exporting.exportAuditRecords,
  'exporting',
);
export const verifyAuditChain = /* @__PURE__ */ op(
  routes,
  'verify-audit-chain',
  chain.verifyAuditChain,
  'verify',
);
