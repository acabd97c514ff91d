import { userRoutes as routes } from '@ccsc/contract/users';
import { lambdaEnv } from '../env';
import { listAllUsers } from '../users/list-all-users.core';
import { systemClock } from '../core/ports/clock';
import { handle } from '../wiring/handler';
import { userIndex } from '../wiring/dynamodb';
import { registry } from '../wiring/registry';
import { ensureBuilt } from '../wiring/users';

export const handler = handle(routes['list-all-users'], listAllUsers, () => ({
  index: userIndex(),
  registry: registry(),
  ensureBuilt: ensureBuilt(),
  clock: systemClock,
  temporaryPasswordDays: lambdaEnv().TEMPORARY_PASSWORD_DAYS,
}));
