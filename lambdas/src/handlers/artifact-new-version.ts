import { standardRoutes as routes } from '@ccsc/contract/standards';
import { refusalsAudited } from '../registry/registry-refusals';
import { newVersion } from '../standards/write-standards.core';
import { handle } from '../wiring/handler';
import { standardDeps } from '../wiring/standards';

export const handler = handle(
  routes['artifact/new-version'],
  refusalsAudited(
    { action: 'standard.version-created', target: (i) => ({ type: 'standard', id: i.standardId }) },
    newVersion,
  ),
  standardDeps,
);
