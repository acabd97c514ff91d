import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerStandards } from '../partner/partner-calls.core';
import { createPartnerHandler } from '../http/partner-router';
import { credentialStore } from '../wiring/credentials';
import { registry } from '../wiring/registry';
import { standardRows } from '../wiring/standards';

export const handler = createPartnerHandler(
  partnerRoutes['partner-standards'],
  partnerStandards,
  () => ({ registry: registry(), rows: standardRows() }),
  { credentials: credentialStore },
);
