import { routes } from '../contract';
import { listAuditRecords } from '../features/audit/list-audit-records.core';
import { createHandler } from '../http/router';
import { auditReader } from './wiring/audit';

export const handler = createHandler(routes['list-audit-records'], listAuditRecords, () => ({
  reader: auditReader(),
}));
