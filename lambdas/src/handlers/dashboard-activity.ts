import { dashboardRoutes as routes } from '@ccsc/contract/dashboard';
import { dashboardActivity } from '../dashboard/activity.core';
import { systemClock } from '../core/ports/clock';
import { documentStore } from '../wiring/documents';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes['dashboard/activity'], dashboardActivity, () => ({
  registry: registry(),
  documents: documentStore(),
  clock: systemClock,
}));
