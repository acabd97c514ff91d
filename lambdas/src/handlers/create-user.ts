import { routes } from '../contract';
import { createUser } from '../features/users/create-user.core';
import { createHandler } from '../http/router';
import { managedUserDirectory } from './wiring/users';
import { auditTrail, organisations } from './wiring/dynamodb';

export const handler = createHandler(routes['create-user'], createUser, () => ({
  directory: managedUserDirectory(),
  organisations: organisations(),
  audit: auditTrail(),
}));
