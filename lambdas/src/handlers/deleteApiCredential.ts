import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { revokeCredential } from '../credentials/revoke-credential.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { credentialDeps } from '../wiring/credential-writes';

export const handler = handle(
  routes['deleteApiCredential'],
  refusalsAudited(
    { action: 'api-credential.revoked', target: (i) => ({ type: 'api-credential', id: i.apiId }) },
    revokeCredential,
  ),
  () => credentialDeps(['revoke']),
);
