import { standardRoutes as routes } from '@ccsc/contract/standards';
import { refusalsAudited } from '../registry/registry-refusals';
import { createStandard } from '../standards/write-standards.core';
import { handle } from '../wiring/handler';
import { standardDeps } from '../wiring/standards';

export const handler = handle(
  routes['artifact/create-standard'],
  refusalsAudited(
    { action: 'standard.created', target: (i) => ({ type: 'organisation', id: i.organisationId }) },
    createStandard,
  ),
  standardDeps,
);
