import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { retireSecret } from '../credentials/retire-secret.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { credentialDeps } from '../wiring/credential-writes';

export const handler = handle(
  routes['retire-api-credential-secret'],
  refusalsAudited(
    {
      action: 'api-credential.old-secret-retired',
      target: (i) => ({ type: 'api-credential', id: i.apiId }),
    },
    retireSecret,
  ),
  () => credentialDeps(['retire']),
);
