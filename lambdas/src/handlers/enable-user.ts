import { routes } from '../contract';
import { enableUser } from '../features/users/user-status.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';
import { userWrites } from './wiring/users';
import { accountLocks, auditTrail } from './wiring/dynamodb';

export const handler = createHandler(routes['enable-user'], enableUser, () => ({
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: userWrites(),
}));
