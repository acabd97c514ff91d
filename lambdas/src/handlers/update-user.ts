import { routes } from '@ccsc/contract';
import { updateUser } from '../features/users/update-user.core';
import { handle } from '../wiring/handler';
import { userDirectory } from '../wiring/cognito';
import { userWrites } from '../wiring/users';
import { auditTrail, organisations } from '../wiring/dynamodb';

export const handler = handle(routes['update-user'], updateUser, () => ({
  directory: userDirectory(),
  organisations: organisations(),
  audit: auditTrail(),
  writes: userWrites(),
}));
