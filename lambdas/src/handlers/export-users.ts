import { userRoutes as routes } from '@ccsc/contract/users';
import { lambdaEnv } from '../env';
import { exportUsers } from '../users/export-users.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { auditTrail, userIndex } from '../wiring/dynamodb';
import { exportsStore } from '../wiring/s3';
import { ensureBuilt } from '../wiring/users';

export const handler = handle(routes['export-users'], exportUsers, () => ({
  index: userIndex(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
  ensureBuilt: ensureBuilt(),
  temporaryPasswordDays: lambdaEnv().TEMPORARY_PASSWORD_DAYS,
}));
