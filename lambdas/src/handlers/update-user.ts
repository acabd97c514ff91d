import { userRoutes as routes } from '@ccsc/contract/users';
import { updateUser } from '../users/update-user.core';
import { handle } from '../wiring/handler';
import { userDirectory } from '../wiring/cognito';
import { userWrites } from '../wiring/users';
import { auditTrail } from '../wiring/dynamodb';
import { registry } from '../wiring/registry';

export const handler = handle(routes['update-user'], updateUser, () => ({
  directory: userDirectory(),
  registry: registry(),
  audit: auditTrail(),
  writes: userWrites(),
}));
