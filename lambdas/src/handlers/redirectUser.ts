import { routes } from '../contract';
import { redirectUser } from '../features/session/redirect-user.core';
import { createHandler } from '../http/router';
import { auditTrail } from './wiring/dynamodb';
import { syncUser } from './wiring/users';

export const handler = createHandler(routes.redirectUser, redirectUser, () => ({
  audit: auditTrail(),
  syncUser: syncUser(),
}));
