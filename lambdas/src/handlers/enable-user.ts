import { routes } from '../contract';
import { enableUser } from '../features/users/user-status.core';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { managedUserDirectory } from './wiring/users';
import { accountLocks, auditTrail } from './wiring/dynamodb';

export const handler = createHandler(routes['enable-user'], enableUser, () => ({
  directory: managedUserDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  clock: systemClock,
}));
