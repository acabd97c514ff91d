/**
 * The adapters the integration tests and the offline tools drive directly against the local
 * stand-ins of the AWS services (tests/, mock-server's `audit:verify`). Inside this workspace,
 * features and handlers import adapters by path; everything outside it comes through here.
 */
export {
  AUDIT_CHAIN_PK,
  AUDIT_INDEXES,
  chainRecords,
  indexAttributesOf,
  sortKeyOf,
  storedItemOf,
} from '../adapters/audit-chain';
export { DynamoChainVerifications } from '../adapters/dynamodb-chain-verifications';
/** The lock accountLockout records (the dashboard's bench locks some of its seeded users). */
export { DynamoAccountLocks } from '../adapters/dynamodb-account-locks';
export {
  dynamoAuditReader,
  dynamoAuditTrail,
  verifyAuditChain,
} from '../adapters/dynamodb-audit-trail';
export { CognitoMachineClients } from '../adapters/cognito-machine-clients';
export { DynamoRecordStore } from '../adapters/dynamodb-record-store';
/**
 * A document as its table holds it, and the counter items documents leave (the bench seeds
 * documents directly, as the adapter writes them, with the counters its transactions keep; its
 * export measure reads a sent document back to copy it).
 */
export {
  documentCounterItems,
  itemOf as documentItemOf,
  recordOf as documentRecordOf,
} from '../adapters/dynamodb-document-items';
export type { DocumentRecord } from '../core/ports/documents';
export { DynamoRegistry } from '../adapters/dynamodb-registry';
/** Issue 35: the event log and the users' notifications. */
export { DynamoEventLog } from '../adapters/dynamodb-events';
/** Issue 36: webhook endpoints, deliveries and their attempt slots. */
export { DynamoWebhookStore } from '../adapters/dynamodb-webhooks';
export { DynamoNotifications } from '../adapters/dynamodb-notifications';
export { DynamoImportStaging } from '../adapters/dynamodb-registry-imports';
export { DynamoWriteJournal } from '../adapters/dynamodb-write-journal';
export { JournaledRegistryWrites, registryWriteJournal } from '../wiring/registry';
export {
  claimKeys,
  claimsOf,
  idOf,
  standardClaims,
  useKey,
  versionInUse,
} from '../core/ports/registry';
export type {
  ConnectionRecord,
  OrganisationRecord,
  RegistryChange,
  RegistryRecord,
  StandardRecord,
  StandardVersionRecord,
  StudyRecord,
  SystemRecord,
} from '../core/ports/registry';
export { DynamoUserIndex } from '../adapters/dynamodb-user-index';
export { DynamoInvitations } from '../adapters/dynamodb-invitations';
export { S3ObjectStore } from '../adapters/s3-object-store';
export {
  ObjectStandardRows,
  standardRowsDocument,
  standardRowsKey,
} from '../adapters/s3-standard-rows';
export { SesMailer } from '../adapters/ses-mailer';
export type { IndexedUser } from '../core/ports/user-index';
export { ConflictError, ValidationError } from '../core/errors';
