import { sessionRoutes as routes } from '@ccsc/contract/session';
import { allowedOrigins, lambdaEnv } from '../env';
import { forgetTotp } from '../session/forget-totp.core';
import { lambdaLogger } from '../core/logger';
import { handle } from '../wiring/handler';
import { steadyTiming, userDirectory } from '../wiring/cognito';
import { auditTrail, totpResetTickets } from '../wiring/dynamodb';
import { mailer } from '../wiring/ses';

export const handler = handle(routes['forget-totp'], forgetTotp, () => ({
  ...steadyTiming(),
  directory: userDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  audit: auditTrail(),
  logger: lambdaLogger,
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  allowedOrigins: allowedOrigins(),
}));
