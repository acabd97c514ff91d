import { standardRoutes as routes } from '@ccsc/contract/standards';
import { diffStandards } from '../standards/read-standards.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';
import { standardRows } from '../wiring/standards';

export const handler = handle(routes['artifact/diff-standards'], diffStandards, () => ({
  registry: registry(),
  rows: standardRows(),
}));
