import { lambdaEnv } from '../env';
import { createOpenApiHandler } from '../http/partner-router';

export const handler = createOpenApiHandler({
  tokenUrl: () => lambdaEnv().OAUTH_TOKEN_URL,
  origins: () => [lambdaEnv().PARTNER_API_BASE_URL],
});
