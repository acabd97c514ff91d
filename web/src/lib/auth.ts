import type * as AmplifyAuthModule from 'aws-amplify/auth';
import { whenRuntimeConfigLoaded, type RuntimeConfig } from '../config/runtime-config';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import type * as SignInFlowModule from './sign-in-flow';
import { clearSession, hasAgentSession } from './session';

/**
 * The ONE module that talks to Amplify (STYLE §7); the rest of the app calls these functions.
 * Amplify is imported on first use, not at start-up, so that the login route's first load stays
 * small; it is configured exactly once, from /config.json, when it is first imported.
 */

export type AmplifyAuth = typeof AmplifyAuthModule;

/** Why a password sign-in failed, in the terms of SPEC §8. */
export type SignInFailure =
  /** "Incorrect username or password." (the account-lockout check follows it). */
  | 'incorrect-credentials'
  /** "User does not exist.": shown like incorrect credentials. */
  | 'unknown-user'
  /** "User is disabled." */
  | 'user-disabled'
  /** Cognito wants the password reset (RESET_REQUIRED, or an expired temporary password). */
  | 'password-reset-required'
  /** Cognito's own lock after repeated failures ("Password attempts exceeded"). */
  | 'attempts-exceeded'
  /** The sign-in succeeded but the redirect-user call did not: signed out again (SPEC §8). */
  | 'redirect-failed'
  /** Anything else: network, throttling, a misconfigured pool... */
  | 'unknown';

/** Why an answer to a step (new password, authenticator code) was refused (SPEC §8). */
export type StepFailure =
  /** A wrong or reused code, an invalid auth state or an expired challenge session. */
  | 'invalid-code'
  /** Too many attempts. */
  | 'attempt-limit'
  /** The pool refused the new password (its policy). */
  | 'password-rejected'
  /** The challenge session ran out (3 minutes): the user must start again. */
  | 'session-expired'
  | 'unknown';

/**
 * How the authenticator app is being set up: as the answer to Cognito's MFA_SETUP challenge (a
 * pool with MFA required), or after a sign-in without MFA by a user who has none yet (TOTP is
 * mandatory for every administrator, though the pool's MFA is OPTIONAL).
 */
export type TotpSetupVia = 'challenge' | 'signed-in';

/** Where a sign-in stands after each answer (SPEC §4). */
export type SignInResult =
  /** Done: redirect-user recorded it, the marker and profile are stored. */
  | { kind: 'signed-in' }
  /** NEW_PASSWORD_REQUIRED: the set-new-password screen. */
  | { kind: 'new-password' }
  /** SOFTWARE_TOKEN_MFA: the OTP screen without a QR image. */
  | { kind: 'totp-code' }
  /** Enrolment: the QR image (from `setupUri`), the secret as text, then the OTP screen. */
  | { kind: 'totp-setup'; via: TotpSetupVia; secret: string; setupUri: string }
  /** A challenge the product does not support (custom, SMS or e-mail codes, other MFA...). */
  | { kind: 'unsupported' }
  | { kind: 'failed'; reason: SignInFailure };

/** The answer to a step: where the sign-in goes next, or why the answer was refused. */
export type StepResult = SignInResult | { kind: 'step-failed'; reason: StepFailure };

/** react-router's navigate, or anything shaped like it. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

const cognitoConfig = (config: RuntimeConfig) => ({
  userPoolId: config.userPoolId,
  userPoolClientId: config.userPoolClientId,
  // Offline, the local Cognito stand-in; in AWS the regional endpoint Amplify derives itself.
  ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
});

let amplifyAuth: Promise<AmplifyAuth> | undefined;

/** Amplify's auth API, configured; for lib/sign-in-flow.ts and this module only. */
export const loadAmplifyAuth = (): Promise<AmplifyAuth> => {
  amplifyAuth ??= (async () => {
    // The login screen renders before /config.json is there: a sign-in waits for it.
    const [config, { Amplify }, auth, { cognitoUserPoolsTokenProvider }, { createTokenStorage }] =
      await Promise.all([
        whenRuntimeConfigLoaded(),
        import('aws-amplify'),
        import('aws-amplify/auth'),
        import('aws-amplify/auth/cognito'),
        import('./token-storage'),
      ]);
    Amplify.configure({ Auth: { Cognito: cognitoConfig(config) } });
    // The session's tokens in localStorage, sealed with a key that never leaves the browser's
    // crypto (lib/token-storage.ts); set after configure, as Amplify documents it.
    cognitoUserPoolsTokenProvider.setKeyValueStorage(createTokenStorage());
    return auth;
  })().catch((err: unknown) => {
    amplifyAuth = undefined; // a failed chunk download may succeed on the next attempt
    throw err;
  });
  return amplifyAuth;
};

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

/** Set while a completed sign-in's redirect-user call runs, before the marker is stored. */
let establishing = false;

/** lib/sign-in-flow.ts: the ID token may be used for redirect-user before the marker is set. */
export const setEstablishing = (value: boolean): void => {
  establishing = value;
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

/** Refresh failures by which Cognito says the session is over (Amplify drops its tokens then). */
const SESSION_REJECTIONS = [
  'NotAuthorizedException', // refresh token expired or revoked, user disabled
  'TokenRevokedException',
  'UserNotFoundException', // user deleted
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

const isSessionRejection = (err: unknown): boolean =>
  err instanceof Error && SESSION_REJECTIONS.some((name) => err.name.startsWith(name));

/**
 * The signed-in user's ID token for API calls (SPEC §6), or null when nobody is signed in. A
 * session that Cognito no longer accepts (SPEC §4: user disabled or missing, tokens revoked,
 * refresh expired, password reset required) is ended here: cleaned up, the other tabs told, the
 * user sent to the session-time-out screen (lib/session-end.ts). A network failure is thrown,
 * not taken for the end of the session.
 */
export const getIdToken = async (): Promise<string | null> => {
  if (!hasAgentSession() && !establishing) return null;
  const { fetchAuthSession } = await loadAmplifyAuth();
  let token: string | undefined;
  try {
    token = (await fetchAuthSession()).tokens?.idToken?.toString();
  } catch (err) {
    if (!isSessionRejection(err)) throw err;
  }
  if (token) return token;
  await (await import('./session-end')).endSession('invalid');
  return null;
};

/**
 * Ends the session in this browser only: Amplify forgets the tokens (revoking the refresh token
 * with Cognito when it still can), then localStorage is cleared (SPEC §4) but for the language
 * choice. The server-side logout and where the user goes next are lib/logout.ts's business.
 */
export const signOutLocally = async (): Promise<void> => {
  try {
    const { signOut } = await loadAmplifyAuth();
    await signOut();
  } catch {
    // Amplify could not be loaded or Cognito not reached: clearing the storage below still
    // removes the tokens from this browser.
  }
  clearSession([LANGUAGE_STORAGE_KEY]);
};

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
