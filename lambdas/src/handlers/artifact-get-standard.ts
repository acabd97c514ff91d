import { standardRoutes as routes } from '@ccsc/contract/standards';
import { getStandard } from '../standards/read-standards.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';
import { standardRows } from '../wiring/standards';

export const handler = handle(routes['artifact/get-standard'], getStandard, () => ({
  registry: registry(),
  rows: standardRows(),
}));
