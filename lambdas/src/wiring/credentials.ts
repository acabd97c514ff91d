import { CognitoMachineClients } from '../adapters/cognito-machine-clients';
import { cognito } from '../adapters/clients/cognito';
import { dynamodb } from '../adapters/clients/dynamodb';
import { DynamoCredentialStore } from '../adapters/dynamodb-credentials';
import { allowedOrigins, lambdaEnv } from '../env';
import type { CredentialDeps } from '../features/credentials/credential-records';
import { systemClock } from '../ports/clock';
import type { CredentialStore } from '../ports/credentials';
import type { MachineClients } from '../ports/machine-clients';
import { auditTrail } from './dynamodb';
import { registry } from './registry';
import { mailer } from './ses';

/** API credentials (issue 15): their records in the main table, their clients in the pool. */
export const credentialStore = (): CredentialStore =>
  new DynamoCredentialStore(dynamodb, lambdaEnv().MAIN_TABLE);

export const machineClients = (): MachineClients =>
  new CognitoMachineClients(cognito, lambdaEnv().USER_POOL_ID);

/** What the administrators' credential calls need. */
export const credentialDeps = (): CredentialDeps => ({
  credentials: credentialStore(),
  clients: machineClients(),
  registry: registry(),
  mailer: mailer(),
  audit: auditTrail(),
  clock: systemClock,
  allowedOrigins: allowedOrigins(),
});
