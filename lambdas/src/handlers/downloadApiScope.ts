import { credentialRoutes as routes } from '@ccsc/contract/credentials';
import { lambdaEnv } from '../env';
import { downloadScope } from '../credentials/scope-document.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { credentialStore } from '../wiring/credentials';
import { auditTrail } from '../wiring/dynamodb';
import { registry } from '../wiring/registry';
import { exportsStore } from '../wiring/s3';

export const handler = handle(routes.downloadApiScope, downloadScope, () => ({
  credentials: credentialStore(),
  registry: registry(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
  tokenUrl: lambdaEnv().OAUTH_TOKEN_URL,
  apiBaseUrl: lambdaEnv().PARTNER_API_BASE_URL,
}));
