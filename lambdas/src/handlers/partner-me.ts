import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerMe } from '../partner/partner-calls.core';
import { handlePartner } from '../wiring/partner-handler';
import { registry } from '../wiring/registry';

export const handler = handlePartner(partnerRoutes['partner-me'], partnerMe, () => ({
  registry: registry(),
}));
