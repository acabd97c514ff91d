import { routes } from '../contract';
import { forgetTotpConfirm } from '../features/session/forget-totp-confirm.core';
import { consoleLogger } from '../http/logger';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { userDirectory } from './deps';
import { linkResetWrites } from './wiring/users';
import { totpResetTickets } from './wiring/dynamodb';
import { mailer } from './wiring/ses';

export const handler = createHandler(routes['forget-totp/confirm'], forgetTotpConfirm, () => ({
  directory: userDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  writes: linkResetWrites(),
  clock: systemClock,
  logger: consoleLogger,
}));
