import { routes } from '../contract';
import { lambdaEnv } from '../env';
import { confirmForgetPassword } from '../features/session/confirm-forget-password.core';
import { consoleLogger } from '../http/logger';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';
import { auditTrail } from './wiring/dynamodb';

export const handler = createHandler(
  routes['confirm-forget-password'],
  confirmForgetPassword,
  () => ({
    directory: userDirectory(),
    audit: auditTrail(),
    logger: consoleLogger,
    webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  }),
);
