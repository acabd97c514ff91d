import { DynamoAccountLocks } from '../adapters/dynamodb-account-locks';
import { dynamoAuditTrail } from '../adapters/dynamodb-audit-trail';
import { DynamoInvitations } from '../adapters/dynamodb-invitations';
import { DynamoUserIndex } from '../adapters/dynamodb-user-index';
import { DynamoTotpResetTickets } from '../adapters/dynamodb-totp-reset-tickets';
import { DynamoWriteJournal } from '../adapters/dynamodb-write-journal';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaEnv } from '../env';
import type { AccountLocks } from '../core/ports/account-locks';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Invitations } from '../core/ports/invitations';
import { systemClock } from '../core/ports/clock';
import type { UserIndex } from '../core/ports/user-index';
import type { TotpResetTickets } from '../core/ports/totp-reset-tickets';
import type { Leases, WriteJournal } from '../core/ports/write-journal';

/** The ports on DynamoDB (see ../deps.ts for why each service has its own module). */

/** The hash-chained audit trail in the AUDIT table (PutItem of new records only). */
export const auditTrail = (): AuditTrail =>
  dynamoAuditTrail(dynamodb, lambdaEnv().AUDIT_TABLE, { clock: systemClock });

export const accountLocks = (): AccountLocks =>
  new DynamoAccountLocks(dynamodb, lambdaEnv().MAIN_TABLE);

/** When each invitation was sent (`USER#<userName>` / `INVITATION`). */
export const invitations = (): Invitations =>
  new DynamoInvitations(dynamodb, lambdaEnv().MAIN_TABLE);

export const totpResetTickets = (): TotpResetTickets =>
  new DynamoTotpResetTickets(dynamodb, lambdaEnv().MAIN_TABLE);

export const userIndex = (): UserIndex => new DynamoUserIndex(dynamodb, lambdaEnv().MAIN_TABLE);

/** The write journal and the leases beside it (core/journal.ts). */
export const writeJournal = (): WriteJournal & Leases =>
  new DynamoWriteJournal(dynamodb, lambdaEnv().MAIN_TABLE);
