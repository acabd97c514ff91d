import { dashboardRoutes as routes } from '@ccsc/contract/dashboard';
import { lambdaEnv } from '../env';
import { dashboardNeedsAction } from '../dashboard/needs-action.core';
import { systemClock } from '../core/ports/clock';
import { credentialStore } from '../wiring/credentials';
import { documentStore } from '../wiring/documents';
import { userIndex } from '../wiring/dynamodb';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';
import { ensureBuilt } from '../wiring/users';

export const handler = handle(routes['dashboard/needs-action'], dashboardNeedsAction, () => ({
  index: userIndex(),
  ensureBuilt: ensureBuilt(),
  credentials: credentialStore(),
  registry: registry(),
  documents: documentStore(),
  clock: systemClock,
  temporaryPasswordDays: lambdaEnv().TEMPORARY_PASSWORD_DAYS,
}));
