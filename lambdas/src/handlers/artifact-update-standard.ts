import { standardRoutes as routes } from '@ccsc/contract/standards';
import { refusalsAudited } from '../registry/registry-refusals';
import { updateStandard } from '../standards/write-standards.core';
import { handle } from '../wiring/handler';
import { standardDeps } from '../wiring/standards';

export const handler = handle(
  routes['artifact/update-standard'],
  refusalsAudited(
    { action: 'standard.updated', target: (i) => ({ type: 'standard', id: i.standardId }) },
    updateStandard,
  ),
  standardDeps,
);
