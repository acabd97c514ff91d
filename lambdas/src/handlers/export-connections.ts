import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { exportConnections } from '../registry/connection-export.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { auditTrail } from '../wiring/dynamodb';
import { registry } from '../wiring/registry';
import { exportsStore } from '../wiring/s3';

export const handler = handle(routes['export-connections'], exportConnections, () => ({
  registry: registry(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
}));
