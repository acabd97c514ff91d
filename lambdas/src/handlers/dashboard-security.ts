import { dashboardRoutes as routes } from '@ccsc/contract/dashboard';
import { dashboardSecurity } from '../dashboard/security.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { auditReader, chainVerifications } from '../wiring/audit';

export const handler = handle(routes['dashboard/security'], dashboardSecurity, () => ({
  reader: auditReader(),
  verifications: chainVerifications(),
  clock: systemClock,
}));
