import { setTimeout as delay } from 'node:timers/promises';
import { CognitoUserDirectory } from '../adapters/cognito-user-directory';
import { cognitoClient, publicCallsCognitoClient } from '../adapters/clients/cognito';
import { lambdaEnv } from '../env';
import type { SteadyTiming } from '../features/session/session-shared';
import { systemClock } from '../ports/clock';
import type { UserDirectory } from '../ports/user-directory';

/**
 * Production wiring of the ports, shared by the Lambda entries. One module per AWS service
 * (this one: Cognito; ./wiring/dynamodb.ts, ./wiring/ses.ts), so that an entry's bundle imports
 * only the SDK clients its operation uses: an unused SDK import still costs cold-start time.
 */
export const userDirectory = (): UserDirectory =>
  new CognitoUserDirectory(cognitoClient(), lambdaEnv().USER_POOL_ID, publicCallsCognitoClient);

/** Real time, real waiting: for the public calls that answer in a steady time. */
export const steadyTiming = (): SteadyTiming => ({
  clock: systemClock,
  sleep: (ms) => delay(ms),
});
