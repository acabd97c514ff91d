import { setTimeout as delay } from 'node:timers/promises';
import { CognitoAccountReader } from '../adapters/cognito-account-reader';
import { CognitoUserDirectory } from '../adapters/cognito-user-directory';
import { cognito, publicCallsCognito } from '../adapters/clients/cognito';
import { lambdaEnv } from '../env';
import type { SteadyTiming } from '../session/session-shared';
import { systemClock } from '../core/ports/clock';
import type { UserDirectory } from '../core/ports/user-directory';

/**
 * Production wiring of the ports, shared by the Lambda entries. One module per AWS service
 * (this one: Cognito; ./wiring/dynamodb.ts, ./wiring/ses.ts), so that an entry's bundle imports
 * only the SDK clients its operation uses. Adapters get the clients' accessors, which load their
 * SDK package on first use (docs/runtime.md, "SDK on first use"), so building one here loads nothing.
 */
export const userDirectory = (): UserDirectory =>
  new CognitoUserDirectory(cognito, lambdaEnv().USER_POOL_ID, publicCallsCognito);

/** One account read: the MFA gate of every console call (the whole directory not bundled). */
export const accountReader = (): Pick<UserDirectory, 'getUser'> =>
  new CognitoAccountReader(cognito, lambdaEnv().USER_POOL_ID);

/** Real time, real waiting: for the public calls that answer in a steady time. */
export const steadyTiming = (): SteadyTiming => ({
  clock: systemClock,
  sleep: (ms) => delay(ms),
});
