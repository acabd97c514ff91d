import { userRoutes as routes } from '@ccsc/contract/users';
import { resendInvitation } from '../users/user-status.core';
import { handle } from '../wiring/handler';
import { userDirectory } from '../wiring/cognito';
import { userWrites } from '../wiring/users';
import { accountLocks, auditTrail } from '../wiring/dynamodb';

export const handler = handle(routes['resend-invitation'], resendInvitation, () => ({
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: userWrites(),
}));
