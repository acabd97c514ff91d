import { routes } from '../contract';
import { updateUser } from '../features/users/update-user.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';
import { userWrites } from './wiring/users';
import { auditTrail, organisations } from './wiring/dynamodb';

export const handler = createHandler(routes['update-user'], updateUser, () => ({
  directory: userDirectory(),
  organisations: organisations(),
  audit: auditTrail(),
  writes: userWrites(),
}));
