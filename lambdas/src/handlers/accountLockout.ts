import { routes } from '../contract';
import { lambdaEnv } from '../env';
import { accountLockout } from '../features/session/account-lockout.core';
import { consoleLogger } from '../http/logger';
import { createHandler } from '../http/router';
import { steadyTiming, userDirectory } from './deps';
import { lockoutWrites } from './wiring/users';
import { accountLocks, auditTrail } from './wiring/dynamodb';

export const handler = createHandler(routes.accountLockout, accountLockout, () => ({
  ...steadyTiming(),
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: lockoutWrites(),
  logger: consoleLogger,
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  threshold: lambdaEnv().LOCKOUT_THRESHOLD,
}));
