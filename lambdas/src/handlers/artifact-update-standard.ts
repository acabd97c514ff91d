import { routes } from '@ccsc/contract';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { updateStandard } from '../features/standards/write-standards.core';
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
