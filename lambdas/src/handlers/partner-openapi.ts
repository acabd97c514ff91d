import { lambdaEnv } from '../env';
import { createOpenApiHandler } from '../http/openapi';

export const handler = createOpenApiHandler({
  tokenUrl: () => lambdaEnv().OAUTH_TOKEN_URL,
  origins: () => [lambdaEnv().PARTNER_API_BASE_URL],
});
