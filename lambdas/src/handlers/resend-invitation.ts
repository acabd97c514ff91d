import { routes } from '../contract';
import { resendInvitation } from '../features/users/user-status.core';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { managedUserDirectory } from './wiring/users';
import { accountLocks, auditTrail } from './wiring/dynamodb';

export const handler = createHandler(routes['resend-invitation'], resendInvitation, () => ({
  directory: managedUserDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  clock: systemClock,
}));
