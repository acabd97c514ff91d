import { dynamoAuditReader } from '../adapters/dynamodb-audit-trail';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaEnv } from '../env';
import type { AuditReader } from '../ports/audit-trail';

/**
 * The audit trail read back, on DynamoDB like ./dynamodb.ts: the audit screen's calls, which
 * only Query the AUDIT table (never write it).
 */
export const auditReader = (): AuditReader => dynamoAuditReader(dynamodb, lambdaEnv().AUDIT_TABLE);
