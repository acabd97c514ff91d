import { routes } from '../contract';
import { exportUsers } from '../features/users/export-users.core';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { auditTrail, userIndex } from './wiring/dynamodb';
import { exportsStore } from './wiring/s3';
import { ensureBuilt } from './wiring/users';

export const handler = createHandler(routes['export-users'], exportUsers, () => ({
  index: userIndex(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
  ensureBuilt: ensureBuilt(),
}));
