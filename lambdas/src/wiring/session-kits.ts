import { allowedOrigins, lambdaEnv } from '../env';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import { steadyTiming, userDirectory } from './cognito';
import { accountLocks, auditTrail, totpResetTickets } from './dynamodb';
import { mailer } from './ses';
import { linkResetWrites, lockoutWrites, passwordResetWrites, syncUser } from './users';

/** The session's kits (session/operations.ts), each built on first use by its function. */
export const signOut = () => ({ directory: userDirectory(), audit: auditTrail() });

export const signIn = () => ({ audit: auditTrail(), syncUser: syncUser() });

export const lockout = () => ({
  ...steadyTiming(),
  directory: userDirectory(),
  locks: accountLocks(),
  audit: auditTrail(),
  writes: lockoutWrites(),
  logger: lambdaLogger,
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  threshold: lambdaEnv().LOCKOUT_THRESHOLD,
});

export const passwordReset = () => ({
  ...steadyTiming(),
  writes: passwordResetWrites(),
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
});

export const totpReset = () => ({
  ...steadyTiming(),
  directory: userDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  audit: auditTrail(),
  logger: lambdaLogger,
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  allowedOrigins: allowedOrigins(),
});

export const totpResetConfirm = () => ({
  directory: userDirectory(),
  tickets: totpResetTickets(),
  mailer: mailer(),
  writes: linkResetWrites(),
  clock: systemClock,
  logger: lambdaLogger,
});
