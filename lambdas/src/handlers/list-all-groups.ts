import { auditRoutes as routes } from '@ccsc/contract/audit';
import { listAllGroups } from '../users/list-all-groups.core';
import { handle } from '../wiring/handler';
import { userDirectory } from '../wiring/cognito';

export const handler = handle(routes['list-all-groups'], listAllGroups, () => ({
  directory: userDirectory(),
}));
