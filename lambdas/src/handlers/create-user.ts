import { routes } from '../contract';
import { createUser } from '../features/users/create-user.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';
import { userWrites } from './wiring/users';
import { auditTrail, organisations } from './wiring/dynamodb';

export const handler = createHandler(routes['create-user'], createUser, () => ({
  directory: userDirectory(),
  organisations: organisations(),
  audit: auditTrail(),
  writes: userWrites(),
}));
