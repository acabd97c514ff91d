import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerStandards } from '../partner/partner-calls.core';
import { handlePartner } from '../wiring/partner-handler';
import { registry } from '../wiring/registry';
import { standardRows } from '../wiring/standards';

export const handler = handlePartner(partnerRoutes['partner-standards'], partnerStandards, () => ({
  registry: registry(),
  rows: standardRows(),
}));
