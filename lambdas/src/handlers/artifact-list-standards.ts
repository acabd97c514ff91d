import { standardRoutes as routes } from '@ccsc/contract/standards';
import { listStandards } from '../standards/read-standards.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';
import { standardRows } from '../wiring/standards';

export const handler = handle(routes['artifact/list-standards'], listStandards, () => ({
  registry: registry(),
  rows: standardRows(),
}));
