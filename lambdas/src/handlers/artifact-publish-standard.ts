import { routes } from '@ccsc/contract';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { publishStandard } from '../features/standards/publish-standard.core';
import { handle } from '../wiring/handler';
import { publishDeps } from '../wiring/standards';

export const handler = handle(
  routes['artifact/publish-standard'],
  refusalsAudited(
    { action: 'standard.published', target: (i) => ({ type: 'standard', id: i.standardId }) },
    publishStandard,
  ),
  publishDeps,
);
