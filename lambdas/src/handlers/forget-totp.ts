import { routes } from '../contract';
import { allowedOrigins, lambdaEnv } from '../env';
import { forgetTotp } from '../features/session/forget-totp.core';
import { consoleLogger } from '../http/logger';
import { createHandler } from '../http/router';
import { steadyTiming, userDirectory } from './deps';
import { auditTrail, totpResetTickets } from './wiring/dynamodb';
import { mailer } from './wiring/ses';

export const handler = createHandler(routes['forget-totp'], forgetTotp, () => ({
  ...steadyTiming(),
  directory: userDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  audit: auditTrail(),
  logger: consoleLogger,
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  allowedOrigins: allowedOrigins(),
}));
