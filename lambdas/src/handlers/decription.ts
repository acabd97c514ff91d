import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { lambdaEnv } from '../env';
import { revealCredential } from '../credentials/credential-link.core';
import { handle } from '../wiring/handler';
import { steadyTiming } from '../wiring/cognito';
import { credentialDeps } from '../wiring/credential-writes';

export const handler = handle(routes.decription, revealCredential, () => ({
  ...credentialDeps(['reveal']),
  ...steadyTiming(),
  tokenUrl: lambdaEnv().OAUTH_TOKEN_URL,
  apiBaseUrl: lambdaEnv().PARTNER_API_BASE_URL,
}));
