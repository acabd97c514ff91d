import { routes } from '../contract';
import { exportAuditRecords } from '../features/audit/export-audit-records.core';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { auditReader } from './wiring/audit';
import { auditTrail } from './wiring/dynamodb';
import { exportsStore } from './wiring/s3';

export const handler = createHandler(routes['export-audit-records'], exportAuditRecords, () => ({
  reader: auditReader(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
}));
