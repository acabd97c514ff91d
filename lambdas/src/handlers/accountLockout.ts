import { sessionRoutes as routes } from '@ccsc/contract/session';
import { lambdaEnv } from '../env';
import { accountLockout } from '../session/account-lockout.core';
import { lambdaLogger } from '../core/logger';
import { handle } from '../wiring/handler';
import { steadyTiming, userDirectory } from '../wiring/cognito';
import { lockoutWrites } from '../wiring/users';
import { accountLocks, auditTrail } from '../wiring/dynamodb';

export const handler = handle(routes.accountLockout, accountLockout, () => ({
  ...steadyTiming(),
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: lockoutWrites(),
  logger: lambdaLogger,
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  threshold: lambdaEnv().LOCKOUT_THRESHOLD,
}));
