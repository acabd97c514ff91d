import type { routes } from '@ccsc/contract/routes';
import type { Journal } from '../core/journal';
import type { Core, RequestContext } from '../core/request';
import { recordBaseOf, type UserWriteDeps } from '../core/accounts/account-writes';
import { requireWebClient, type SteadyTiming, withMinimumDuration } from './session-shared';
import { passwordResetSubject, passwordResetWrite } from './session-writes';

export interface ConfirmForgetPasswordDeps extends SteadyTiming {
  /** The reset, its record and the list's row, as one journaled write (session-writes.ts). */
  writes: Pick<Journal<UserWriteDeps>, 'run'>;
  /** The console's app client (USER_POOL_CLIENT_ID). */
  webClientId: string;
  /** The answer comes no sooner than this after the request, whatever the account or outcome. */
  minimumDurationMs?: number;
}

/**
 * Measured offline without a floor: refusals 5-20 ms, a reset (which also audits) 40-56 ms. The
 * floor covers them with room for AWS latency, as forget-totp's does. (The attempt limit took
 * 90-980 ms while the SDK retried LimitExceededException as throttling; ConfirmForgotPassword
 * now goes through a client without retries: clients/cognito.ts.)
 */
export const CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS = 1000;

export { CODE_REFUSED_MESSAGE } from './session-writes';

const resetPassword = async (
  input: { email: string; confirmationCode: string; newPassword: string },
  ctx: RequestContext<null>,
  deps: ConfirmForgetPasswordDeps,
) => {
  await deps.writes.run(
    passwordResetWrite,
    passwordResetSubject(input.email),
    {
      record: recordBaseOf(ctx),
      email: input.email,
      clientId: deps.webClientId,
    },
    { transient: { code: input.confirmationCode, newPassword: input.newPassword } },
  );
  return { passwordReset: true as const };
};

/**
 * Sets a new password with the code Cognito e-mailed (ConfirmForgotPassword through the web
 * client); public. Every refused code gets the same 400 (refusalOf), and every answer, refused
 * or not, takes at least CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS, so neither the answer nor its
 * time says whether the address has an account. The reset is journaled (passwordResetWrite):
 * a successful one is audited even if the process stops right after Cognito's answer; a refused
 * one is not (anyone can call this, and the trail is not theirs to fill).
 */
export const confirmForgetPassword: Core<
  (typeof routes)['confirm-forget-password'],
  ConfirmForgetPasswordDeps
> = async (input, ctx, deps) => {
  requireWebClient(input.clientId, deps.webClientId);
  return withMinimumDuration(
    deps,
    deps.minimumDurationMs ?? CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS,
    () => resetPassword(input, ctx, deps),
  );
};
