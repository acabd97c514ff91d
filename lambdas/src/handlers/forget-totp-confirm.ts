import { sessionRoutes as routes } from '@ccsc/contract/session';
import { forgetTotpConfirm } from '../session/forget-totp-confirm.core';
import { lambdaLogger } from '../core/logger';
import { handle } from '../wiring/handler';
import { systemClock } from '../core/ports/clock';
import { userDirectory } from '../wiring/cognito';
import { linkResetWrites } from '../wiring/users';
import { totpResetTickets } from '../wiring/dynamodb';
import { mailer } from '../wiring/ses';

export const handler = handle(routes['forget-totp/confirm'], forgetTotpConfirm, () => ({
  directory: userDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  writes: linkResetWrites(),
  clock: systemClock,
  logger: lambdaLogger,
}));
