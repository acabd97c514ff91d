import type { routes } from '../../contract';
import { ValidationError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import type { Core } from '../../http/router';
import type { AuditTrail } from '../../ports/audit-trail';
import {
  type PasswordResetRefusal,
  PasswordResetRefused,
  type UserDirectory,
} from '../../ports/user-directory';
import { requireWebClient, userTarget } from './session-shared';

export interface ConfirmForgetPasswordDeps {
  directory: Pick<UserDirectory, 'confirmPasswordReset' | 'getUser'>;
  audit: AuditTrail;
  logger: Logger;
  /** The console's app client (USER_POOL_CLIENT_ID). */
  webClientId: string;
}

/** What the reset screen shows for each refusal, and under which field. */
export const PASSWORD_RESET_MESSAGES: Record<
  Exclude<PasswordResetRefusal, 'invalid-password'>,
  { field: 'confirmationCode'; message: string }
> = {
  'code-mismatch': {
    field: 'confirmationCode',
    message: 'Invalid verification code provided, please try again.',
  },
  'code-expired': {
    field: 'confirmationCode',
    message: 'Invalid code provided, please request a code again.',
  },
  'limit-exceeded': {
    field: 'confirmationCode',
    message: 'Attempt limit exceeded, please try after some time.',
  },
};

const toValidationError = (refused: PasswordResetRefused): ValidationError => {
  if (refused.refusal === 'invalid-password') {
    // Cognito's message names the rule ("Password does not conform to policy: ...").
    const message = refused.message || 'Password does not meet the password policy';
    return new ValidationError(message, [{ path: 'newPassword', message }]);
  }
  const { field, message } = PASSWORD_RESET_MESSAGES[refused.refusal];
  return new ValidationError(message, [{ path: field, message }]);
};

/**
 * Sets a new password with the code Cognito e-mailed (ConfirmForgotPassword through the web
 * client). With the client's PreventUserExistenceErrors ENABLED, Cognito answers an unknown or
 * disabled account exactly like a wrong code, so this call does too. A successful reset is
 * audited; a refused one is not (anyone can call this, and the trail is not theirs to fill).
 */
export const confirmForgetPassword: Core<
  (typeof routes)['confirm-forget-password'],
  ConfirmForgetPasswordDeps
> = async (input, ctx, deps) => {
  requireWebClient(input.clientId, deps.webClientId);
  try {
    await deps.directory.confirmPasswordReset({
      clientId: deps.webClientId,
      email: input.email,
      code: input.confirmationCode,
      newPassword: input.newPassword,
    });
  } catch (err) {
    if (err instanceof PasswordResetRefused) throw toValidationError(err);
    throw err;
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
