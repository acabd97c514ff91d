import { auditRoutes as routes } from '@ccsc/contract/audit';
import { exportAuditRecords } from '../audit/export-audit-records.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { auditReader } from '../wiring/audit';
import { auditTrail } from '../wiring/dynamodb';
import { exportsStore } from '../wiring/s3';

export const handler = handle(routes['export-audit-records'], exportAuditRecords, () => ({
  reader: auditReader(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
}));
