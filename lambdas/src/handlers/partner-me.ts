import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerMe } from '../partner/partner-calls.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(partnerRoutes['partner-me'], partnerMe, () => ({
  registry: registry(),
}));
