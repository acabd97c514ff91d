import { routes } from '@ccsc/contract';
import { listAllUsers } from '../features/users/list-all-users.core';
import { handle } from '../wiring/handler';
import { organisations, userIndex } from '../wiring/dynamodb';
import { ensureBuilt } from '../wiring/users';

export const handler = handle(routes['list-all-users'], listAllUsers, () => ({
  index: userIndex(),
  organisations: organisations(),
  ensureBuilt: ensureBuilt(),
}));
