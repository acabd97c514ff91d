import { routes } from '../contract';
import { listAllUsers } from '../features/users/list-all-users.core';
import { createHandler } from '../http/router';
import { organisations, userIndex } from './wiring/dynamodb';
import { ensureBuilt } from './wiring/users';

export const handler = createHandler(routes['list-all-users'], listAllUsers, () => ({
  index: userIndex(),
  organisations: organisations(),
  ensureBuilt: ensureBuilt(),
}));
