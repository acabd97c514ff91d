import { auditRoutes as routes } from '@ccsc/contract/audit';
import { listAuditRecords } from '../audit/list-audit-records.core';
import { handle } from '../wiring/handler';
import { auditReader } from '../wiring/audit';

export const handler = handle(routes['list-audit-records'], listAuditRecords, () => ({
  reader: auditReader(),
}));
