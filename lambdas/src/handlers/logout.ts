import { sessionRoutes as routes } from '@ccsc/contract/session';
import { logout } from '../session/logout.core';
import { handle } from '../wiring/handler';
import { userDirectory } from '../wiring/cognito';
import { auditTrail } from '../wiring/dynamodb';

export const handler = handle(routes.logout, logout, () => ({
  directory: userDirectory(),
  audit: auditTrail(),
}));
