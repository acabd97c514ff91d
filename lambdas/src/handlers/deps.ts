import { CognitoUserDirectory } from '../adapters/cognito-user-directory';
import { cognitoClient } from '../adapters/clients/cognito';
import { lambdaEnv } from '../env';
import type { UserDirectory } from '../ports/user-directory';

/** Production wiring of the ports, shared by the Lambda entries. */
export const userDirectory = (): UserDirectory =>
  new CognitoUserDirectory(cognitoClient(), lambdaEnv().USER_POOL_ID);
