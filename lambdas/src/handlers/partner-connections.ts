import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerConnections } from '../partner/partner-calls.core';
import { handlePartner } from '../wiring/partner-handler';
import { registry } from '../wiring/registry';

export const handler = handlePartner(
  partnerRoutes['partner-connections'],
  partnerConnections,
  () => ({
    registry: registry(),
  }),
);
