import type { routes } from '@ccsc/contract/routes';
import { describeError, type Logger } from '../core/logger';
import type { Core } from '../core/request';
import type { Journal } from '../core/journal';
import type { Clock } from '../core/ports/clock';
import type { Mailer } from '../core/ports/mailer';
import type { TotpResetTickets } from '../core/ports/totp-reset-tickets';
import type { UserDirectory } from '../core/ports/user-directory';
import {
  recordBaseOf,
  snapshotOf,
  userSubject,
  type UserWriteDeps,
} from '../core/accounts/account-writes';
import { hashToken } from './forget-totp.core';
import { invalidLink, linkResetWrite } from './session-writes';

export interface ForgetTotpConfirmDeps {
  directory: Pick<UserDirectory, 'getUser'>;
  tickets: TotpResetTickets;
  mailer: Mailer;
  /** The removal itself, as one journaled write (session-writes.ts). */
  writes: Pick<Journal<UserWriteDeps>, 'run'>;
  clock: Clock;
  logger: Logger;
}

export { INVALID_LINK_MESSAGE } from './session-writes';

const noticeMail = (to: string, at: Date) => ({
  to,
  subject: 'Your authenticator app was removed',
  text: [
    `The authenticator app of your console account was removed on ${at.toISOString()} through the`,
    '"Can\'t access authenticator app" link e-mailed to you.',
    '',
    'At your next sign-in you will enter your password and then set up a new authenticator app.',
    'If this was not you, contact your administrator at once.',
  ].join('\n'),
});

/**
 * Redeems the e-mailed link, once: as one journaled write (linkResetWrite) the ticket is taken
 * (hash of the token, not expired; one atomic step, so of two uses at once one wins), Cognito
 * forgets the user's authenticator (TOTP disabled and not preferred), every session ends, the
 * audit trail records it; then the user is told by e-mail. The next
 * sign-in still needs the password and enrols a new authenticator. Nothing of a TOTP secret is
 * read, stored or sent here.
 */
export const forgetTotpConfirm: Core<
  (typeof routes)['forget-totp/confirm'],
  ForgetTotpConfirmDeps
> = async (input, ctx, deps) => {
  const { directory, tickets, clock } = deps;
  const now = clock.now();
  const tokenHash = hashToken(input.token);
  const ticket = await tickets.peek(tokenHash, now);
  if (ticket === null) throw invalidLink();
  const user = await directory.getUser(ticket.userName);
  // Disabled or deleted since the link was sent: the link is spent and does nothing.
  if (user?.enabled !== true) {
    await tickets.redeem(tokenHash, now);
    throw invalidLink();
  }
  await deps.writes.run(linkResetWrite, userSubject(user.userName), {
    record: recordBaseOf(ctx),
    userName: user.userName,
    email: user.email,
    organisationId: user.organisationId,
    expect: snapshotOf(user),
    tokenHash,
    mfaMethods: user.mfaMethods,
  });
  // The notice is best effort, after the write: a crash just before it loses the mail only
  // (the removal is recorded in the audit trail either way).
  try {
    await deps.mailer.send(noticeMail(user.email, now));
  } catch (err) {
    // The authenticator IS removed and audited; the notice failing must not undo the answer.
    deps.logger.error('forget-totp/confirm: the notice e-mail could not be sent', {
      requestId: ctx.requestId,
      ...describeError(err),
    });
  }
  return { authenticatorRemoved: true as const };
};
