import { CognitoMachineClients } from '../adapters/cognito-machine-clients';
import { cognito } from '../adapters/clients/cognito';
import { dynamodb } from '../adapters/clients/dynamodb';
import { DynamoCredentialStore } from '../adapters/dynamodb-credentials';
import type { Journal, RegisteredWorkflow } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import { allowedOrigins, lambdaEnv } from '../env';
import {
  CREDENTIAL_WRITE_KINDS,
  CREDENTIAL_WRITES,
  credentialWriteJournal,
} from '../features/credentials/credential-journal';
import type { CredentialDeps } from '../features/credentials/credential-records';
import type { CredentialWriteDeps } from '../features/credentials/credential-writes';
import { systemClock } from '../ports/clock';
import type { CredentialStore } from '../ports/credentials';
import type { MachineClients } from '../ports/machine-clients';
import { auditReader } from './audit';
import { auditTrail, writeJournal } from './dynamodb';
import { registry } from './registry';
import { mailOutbox } from './outbox';
import { mailer } from './ses';

/** API credentials (issue 15): their records in the main table, their clients in the pool. */
export const credentialStore = (): CredentialStore =>
  new DynamoCredentialStore(dynamodb, lambdaEnv().MAIN_TABLE);

export const machineClients = (): MachineClients =>
  new CognitoMachineClients(cognito, lambdaEnv().USER_POOL_ID);

/** What every journaled credential write needs (credential-writes.ts). */
export const credentialWriteDeps = (): CredentialWriteDeps => ({
  credentials: credentialStore(),
  clients: machineClients(),
  outbox: mailOutbox(),
  audit: auditTrail(),
  auditReader: auditReader(),
  clock: systemClock,
  logger: lambdaLogger,
});

/**
 * The journal credential writes run through, knowing the kinds given (credential-journal.ts:
 * each function its own; every kind for the reconciler).
 */
export const credentialWrites = (
  workflows: readonly RegisteredWorkflow<CredentialWriteDeps>[] = CREDENTIAL_WRITES,
): Journal<CredentialWriteDeps> =>
  credentialWriteJournal({ journal: writeJournal() }, credentialWriteDeps(), workflows);

type Kinds = keyof typeof CREDENTIAL_WRITE_KINDS;

/** What a credential call needs; its journal knows the kinds of write it runs. */
export const credentialDeps = (kinds: readonly Kinds[] = []): CredentialDeps => ({
  credentials: credentialStore(),
  clients: machineClients(),
  registry: registry(),
  mailer: mailer(),
  audit: auditTrail(),
  clock: systemClock,
  allowedOrigins: allowedOrigins(),
  writes: credentialWrites(kinds.flatMap((k) => CREDENTIAL_WRITE_KINDS[k])),
});
