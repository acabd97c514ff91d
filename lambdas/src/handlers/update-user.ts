import { routes } from '../contract';
import { updateUser } from '../features/users/update-user.core';
import { createHandler } from '../http/router';
import { managedUserDirectory } from './wiring/users';
import { auditTrail, organisations } from './wiring/dynamodb';

export const handler = createHandler(routes['update-user'], updateUser, () => ({
  directory: managedUserDirectory(),
  organisations: organisations(),
  audit: auditTrail(),
}));
