import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { generateCredential } from '../credentials/generate-credential.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { credentialDeps } from '../wiring/credential-writes';

export const handler = handle(
  routes['generateApiCredential'],
  refusalsAudited(
    { action: 'api-credential.issued', target: (i) => ({ type: 'system', id: i.systemId }) },
    generateCredential,
  ),
  () => credentialDeps(['issue']),
);
