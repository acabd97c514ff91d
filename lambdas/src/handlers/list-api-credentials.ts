import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { listCredentials } from '../credentials/list-credentials.core';
import { handle } from '../wiring/handler';
import { credentialDeps } from '../wiring/credential-writes';

export const handler = handle(routes['list-api-credentials'], listCredentials, () =>
  credentialDeps(),
);
