import { standardRoutes as routes } from '@ccsc/contract/standards';
import { lambdaLogger } from '../core/logger';
import { publishThenRelease } from '../flows/publish-then-release';
import { refusalsAudited } from '../registry/registry-refusals';
import { documentStore } from '../wiring/documents';
import { documentWrites } from '../wiring/document-writes';
import { handle } from '../wiring/handler';
import { publishDeps } from '../wiring/standards';

export const handler = handle(
  routes['artifact/publish-standard'],
  refusalsAudited(
    { action: 'standard.published', target: (i) => ({ type: 'standard', id: i.standardId }) },
    publishThenRelease,
  ),
  () => ({
    ...publishDeps(),
    release: { documents: documentStore(), writes: documentWrites() },
    logger: lambdaLogger,
  }),
);
