import { routes } from '../contract';
import { logout } from '../features/session/logout.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';
import { auditTrail } from './wiring/dynamodb';

export const handler = createHandler(routes.logout, logout, () => ({
  directory: userDirectory(),
  audit: auditTrail(),
}));
