import { dashboardRoutes as routes } from '@ccsc/contract/dashboard';
import { dashboardRecentChanges } from '../dashboard/recent-changes.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { auditReader } from '../wiring/audit';

export const handler = handle(routes['dashboard/recent-changes'], dashboardRecentChanges, () => ({
  reader: auditReader(),
  clock: systemClock,
}));
