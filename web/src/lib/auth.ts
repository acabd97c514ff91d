import { loadAmplifyAuth, signOutLocally } from './auth-amplify';
import type { SignInResult, StepResult, TotpSetupVia } from './auth-types';
import type * as SignInFlowModule from './sign-in-flow';

/**
 * The ONE module the app calls for Amplify (STYLE §7): sign-in, its steps, the ID token, signing
 * out, password reset. Amplify itself is lib/auth-amplify.ts, the ID token lib/auth-token.ts and
 * the sign-in's steps lib/sign-in-flow.ts, loaded on submit; none of them imports this module, so
 * that lib/api, lib/session-end and lib/sign-in-flow, which need Amplify too, form no cycle.
 */

export type * from './auth-types';
export { signOutLocally } from './auth-amplify';
export { getIdToken } from './auth-token';

type SignInFlow = typeof SignInFlowModule;

let signInFlow: Promise<SignInFlow> | undefined;

/** The sign-in's steps (lib/sign-in-flow.ts): needed only once the user submits the form. */
const loadSignInFlow = (): Promise<SignInFlow> => {
  signInFlow ??= import('./sign-in-flow').catch((err: unknown) => {
    signInFlow = undefined;
    throw err;
  });
  return signInFlow;
};

/** Starts downloading Amplify ahead of need (e.g. when the user starts typing on the login form). */
export const preloadAuth = (): void => {
  loadAmplifyAuth().catch(() => undefined);
  loadSignInFlow().catch(() => undefined);
};

let pendingSignIn: Promise<SignInResult> | undefined;

/**
 * Password sign-in. Only one may be pending at a time (SPEC §4): a second call while one runs gets
 * the same result instead of a second attempt.
 */
export const signIn = (email: string, password: string): Promise<SignInResult> => {
  pendingSignIn ??= loadSignInFlow()
    .then((flow) => flow.attemptSignIn(email, password))
    .catch((): SignInResult => ({ kind: 'failed', reason: 'unknown' }))
    .finally(() => {
      pendingSignIn = undefined;
    });
  return pendingSignIn;
};

const stepFailed = (): StepResult => ({ kind: 'step-failed', reason: 'unknown' });

/**
 * NEW_PASSWORD_REQUIRED answered (SPEC §4): the first-login flag is set, and the sign-in goes on
 * with the new password. The password goes to Cognito only, never to our API.
 */
export const confirmNewPassword = (newPassword: string): Promise<StepResult> =>
  loadSignInFlow().then((flow) => flow.confirmNewPassword(newPassword), stepFailed);

/**
 * The six-digit code of the authenticator app: the answer to SOFTWARE_TOKEN_MFA ('totp-code'), or
 * the proof that enrolment worked ('totp-setup'), after which TOTP becomes the preferred MFA.
 */
export const confirmTotpCode = (
  code: string,
  step: { kind: 'totp-code' } | { kind: 'totp-setup'; via: TotpSetupVia },
): Promise<StepResult> =>
  loadSignInFlow().then((flow) => flow.confirmTotpCode(code, step), stepFailed);

/** Gives up a sign-in half-way (back to the credentials form): nothing of it is kept. */
export const cancelSignIn = (): Promise<void> => signOutLocally();

/** What asking for a password-reset code can tell the forgot-password screen. */
export type PasswordResetRequest = 'sent' | 'limit-exceeded' | 'failed';

/**
 * Forgot password (issue 4): Cognito e-mails a reset code (ForgotPassword). The web client hides
 * whether the account exists (PreventUserExistenceErrors), and the refusals that could still tell
 * (no such user, disabled, no verified e-mail) are answered as "sent" too.
 */
export const requestPasswordReset = async (email: string): Promise<PasswordResetRequest> => {
  try {
    const { resetPassword } = await loadAmplifyAuth();
    await resetPassword({ username: email });
    return 'sent';
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'LimitExceededException' || name === 'TooManyRequestsException') {
      return 'limit-exceeded';
    }
    // A delivery failure happens only for an existing account (an unknown one gets Cognito's
    // simulated answer), so it is answered like the others.
    const revealing = [
      'UserNotFoundException',
      'NotAuthorizedException',
      'InvalidParameterException',
      'CodeDeliveryFailureException',
    ];
    return revealing.includes(name) ? 'sent' : 'failed';
  }
};
