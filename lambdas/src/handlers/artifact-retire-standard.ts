import { standardRoutes as routes } from '@ccsc/contract/standards';
import { refusalsAudited } from '../registry/registry-refusals';
import { retireStandard } from '../standards/write-standards.core';
import { handle } from '../wiring/handler';
import { standardDeps } from '../wiring/standards';

export const handler = handle(
  routes['artifact/retire-standard'],
  refusalsAudited(
    { action: 'standard.retired', target: (i) => ({ type: 'standard', id: i.standardId }) },
    retireStandard,
  ),
  standardDeps,
);
