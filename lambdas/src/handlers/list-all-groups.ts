import { routes } from '../contract';
import { listAllGroups } from '../features/users/list-all-groups.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';

export const handler = createHandler(routes['list-all-groups'], listAllGroups, () => ({
  directory: userDirectory(),
}));
