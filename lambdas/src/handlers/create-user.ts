import { routes } from '@ccsc/contract';
import { createUser } from '../features/users/create-user.core';
import { handle } from '../wiring/handler';
import { userDirectory } from '../wiring/cognito';
import { userWrites } from '../wiring/users';
import { auditTrail, organisations } from '../wiring/dynamodb';

export const handler = handle(routes['create-user'], createUser, () => ({
  directory: userDirectory(),
  organisations: organisations(),
  audit: auditTrail(),
  writes: userWrites(),
}));
