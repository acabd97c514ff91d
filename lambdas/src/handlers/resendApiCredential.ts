import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { resendCredential } from '../credentials/resend-credential.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { credentialDeps } from '../wiring/credential-writes';

export const handler = handle(
  routes['resendApiCredential'],
  refusalsAudited(
    { action: 'api-credential.resent', target: (i) => ({ type: 'api-credential', id: i.apiId }) },
    resendCredential,
  ),
  () => credentialDeps(['link']),
);
