import { sessionRoutes as routes } from '@ccsc/contract/session';
import { redirectUser } from '../session/redirect-user.core';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { syncUser } from '../wiring/users';

export const handler = handle(routes.redirectUser, redirectUser, () => ({
  audit: auditTrail(),
  syncUser: syncUser(),
}));
