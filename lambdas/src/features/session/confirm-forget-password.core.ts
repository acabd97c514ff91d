import type { routes } from '../../contract';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import type { Core, RequestContext } from '../../http/router';
import type { AuditTrail } from '../../ports/audit-trail';
import { PasswordResetRefused, type UserDirectory } from '../../ports/user-directory';
import {
  requireWebClient,
  type SteadyTiming,
  steadyTimingOf,
  userTarget,
  withMinimumDuration,
} from './session-shared';

/** Without a clock and sleep (the Lambda entry gives none) real time is used: see steadyTimingOf. */
export interface ConfirmForgetPasswordDeps extends Partial<SteadyTiming> {
  directory: Pick<UserDirectory, 'confirmPasswordReset' | 'getUser'>;
  audit: AuditTrail;
  logger: Logger;
  /** The console's app client (USER_POOL_CLIENT_ID). */
  webClientId: string;
  /** The answer comes no sooner than this after the request, whatever the account or outcome. */
  minimumDurationMs?: number;
}

/**
 * Measured offline without a floor: refusals 5-20 ms, a reset (which also audits) 40-56 ms. The
 * floor covers them with room for AWS latency, as forget-totp's does. The attempt limit took
 * 90-980 ms: the SDK retries LimitExceededException as throttling after a random wait under 1 s,
 * so that one answer can pass the floor by a few ms until the adapter stops retrying it.
 */
export const CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS = 1000;

/**
 * The one answer to a code that cannot be used, true whatever the reason: wrong, expired, never
 * requested, spent, too many wrong guesses, or no such (enabled) account.
 */
export const CODE_REFUSED_MESSAGE =
  'The code is not valid or has expired. Check it, or request a new code.';

const codeRefused = () =>
  new ValidationError(CODE_REFUSED_MESSAGE, [
    { path: 'confirmationCode', message: CODE_REFUSED_MESSAGE },
  ]);

/**
 * What a refusal tells the caller. Everything about the code is one answer: Cognito's own
 * answers differ (CodeMismatchException for a wrong code and, with PreventUserExistenceErrors
 * ENABLED, for an unknown or disabled account; ExpiredCodeException when the account exists but
 * has no code or an old one; LimitExceededException after wrong guesses, which only an existing
 * account can reach), so passing them on would say which addresses have accounts. Only the
 * password is named on its own: Cognito checks it after the code, so the caller already holds a
 * valid code, and the contract's rules are stricter than the pool's policy anyway.
 */
const refusalOf = (err: unknown): ValidationError | null => {
  if (err instanceof PasswordResetRefused) {
    if (err.refusal !== 'invalid-password') return codeRefused();
    // Cognito's message names the rule ("Password does not conform to policy: ...").
    const message = err.message || 'Password does not meet the password policy';
    return new ValidationError(message, [{ path: 'newPassword', message }]);
  }
  // A directory that says "no such user" instead: the same answer as any refused code.
  if (err instanceof NotFoundError) return codeRefused();
  return null;
};

const resetPassword = async (
  input: { email: string; confirmationCode: string; newPassword: string },
  ctx: RequestContext<null>,
  deps: ConfirmForgetPasswordDeps,
) => {
  try {
    await deps.directory.confirmPasswordReset({
      clientId: deps.webClientId,
      email: input.email,
      code: input.confirmationCode,
      newPassword: input.newPassword,
    });
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
  try {
    const user = await deps.directory.getUser(input.email);
    await deps.audit.append({
      action: 'password.reset',
      outcome: 'success',
      actor: null,
      target: userTarget(user?.userName ?? input.email, input.email),
      source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
      requestId: ctx.requestId,
      reason: 'forgotten password reset with the e-mailed code',
    });
  } catch (err) {
    // The password IS reset: failing the answer now would send the user to retry a used code.
    deps.logger.error('confirm-forget-password: the reset could not be audited', {
      requestId: ctx.requestId,
      errorName: err instanceof Error ? err.name : 'unknown',
      errorMessage: err instanceof Error ? err.message : String(err),
    });
  }
  return { passwordReset: true as const };
};

/**
 * Sets a new password with the code Cognito e-mailed (ConfirmForgotPassword through the web
 * client); public. Every refused code gets the same 400 (refusalOf), and every answer, refused
 * or not, takes at least CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS, so neither the answer nor its
 * time says whether the address has an account. A successful reset is audited; a refused one is
 * not (anyone can call this, and the trail is not theirs to fill).
 */
export const confirmForgetPassword: Core<
  (typeof routes)['confirm-forget-password'],
  ConfirmForgetPasswordDeps
> = async (input, ctx, deps) => {
  requireWebClient(input.clientId, deps.webClientId);
  return withMinimumDuration(
    steadyTimingOf(deps),
    deps.minimumDurationMs ?? CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS,
    () => resetPassword(input, ctx, deps),
  );
};
