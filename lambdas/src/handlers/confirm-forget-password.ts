import { routes } from '../contract';
import { lambdaEnv } from '../env';
import { confirmForgetPassword } from '../features/session/confirm-forget-password.core';
import { consoleLogger } from '../http/logger';
import { createHandler } from '../http/router';
import { managedUserDirectory } from './wiring/users';
import { auditTrail } from './wiring/dynamodb';

export const handler = createHandler(
  routes['confirm-forget-password'],
  confirmForgetPassword,
  () => ({
    directory: managedUserDirectory(),
    audit: auditTrail(),
    logger: consoleLogger,
    webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  }),
);
