import { CognitoMachineClients } from '../adapters/cognito-machine-clients';
import { cognito } from '../adapters/clients/cognito';
import { dynamodb } from '../adapters/clients/dynamodb';
import { DynamoCredentialStore } from '../adapters/dynamodb-credentials';
import { lambdaEnv } from '../env';
import type { CredentialStore } from '../core/ports/credentials';
import type { MachineClients } from '../core/ports/machine-clients';

/**
 * API credentials (issue 15): their records in the main table, their clients in the pool. What
 * only reads them (the partner API's lookup, the dashboard) imports this alone; the writes are
 * wired in ./credential-writes.ts.
 */
export const credentialStore = (): CredentialStore =>
  new DynamoCredentialStore(dynamodb, lambdaEnv().MAIN_TABLE);

export const machineClients = (): MachineClients =>
  new CognitoMachineClients(cognito, lambdaEnv().USER_POOL_ID);
