import { routes } from '../contract';
import { deleteUser } from '../features/users/user-status.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';
import { userWrites } from './wiring/users';
import { accountLocks, auditTrail } from './wiring/dynamodb';

export const handler = createHandler(routes['delete-user'], deleteUser, () => ({
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: userWrites(),
}));
