import { dynamoAuditReader } from '../adapters/dynamodb-audit-trail';
import { DynamoChainVerifications } from '../adapters/dynamodb-chain-verifications';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaEnv } from '../env';
import type { AuditReader } from '../core/ports/audit-trail';
import type { ChainVerifications } from '../core/ports/chain-verifications';

/**
 * The audit trail read back, on DynamoDB like ./dynamodb.ts: the audit screen's calls, which
 * only Query the AUDIT table and its indexes (never write it), and the chain's last verification.
 */
export const auditReader = (): AuditReader => dynamoAuditReader(dynamodb, lambdaEnv().AUDIT_TABLE);

/** The audit chain's last verification, in the main table (AUDIT#VERIFICATION / LAST). */
export const chainVerifications = (): ChainVerifications =>
  new DynamoChainVerifications(dynamodb, lambdaEnv().MAIN_TABLE);
