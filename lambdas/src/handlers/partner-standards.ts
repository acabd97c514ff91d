import { partnerRoutes } from '@ccsc/contract/partner-api';
import { partnerStandards } from '../partner/partner-calls.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';
import { standardRows } from '../wiring/standards';

export const handler = handle(partnerRoutes['partner-standards'], partnerStandards, () => ({
  registry: registry(),
  rows: standardRows(),
}));
