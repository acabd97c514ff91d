import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerConnections } from '../partner/partner-calls.core';
import { createPartnerHandler } from '../http/partner-router';
import { credentialStore } from '../wiring/credentials';
import { registry } from '../wiring/registry';

export const handler = createPartnerHandler(
  partnerRoutes['partner-connections'],
  partnerConnections,
  () => ({ registry: registry() }),
  { credentials: credentialStore },
);
