import { routes } from '../contract';
import { listAllUsers } from '../features/users/list-all-users.core';
import { createHandler } from '../http/router';
import { userDirectory } from './deps';

export const handler = createHandler(routes['list-all-users'], listAllUsers, () => ({
  directory: userDirectory(),
}));
