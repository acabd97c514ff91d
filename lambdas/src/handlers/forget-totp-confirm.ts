import { routes } from '../contract';
import { forgetTotpConfirm } from '../features/session/forget-totp-confirm.core';
import { consoleLogger } from '../http/logger';
import { createHandler } from '../http/router';
import { systemClock } from '../ports/clock';
import { managedUserDirectory } from './wiring/users';
import { auditTrail, totpResetTickets } from './wiring/dynamodb';
import { mailer } from './wiring/ses';

export const handler = createHandler(routes['forget-totp/confirm'], forgetTotpConfirm, () => ({
  directory: managedUserDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  audit: auditTrail(),
  clock: systemClock,
  logger: consoleLogger,
}));
