import type * as AmplifyAuthModule from 'aws-amplify/auth';
import { getRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { clearSession, hasAgentSession, setAgentSession } from './session';

/**
 * The ONE module that talks to Amplify (STYLE §7); the rest of the app calls these functions.
 * Amplify is imported on first use, not at start-up, so that the login route's first load stays
 * small; it is configured exactly once, from /config.json, when it is first imported.
 */

type AmplifyAuth = typeof AmplifyAuthModule;

export type SignInStep = AmplifyAuthModule.SignInOutput['nextStep'];

/** Why a password sign-in failed, in the terms of SPEC §8. */
export type SignInFailure =
  /** "Incorrect username or password." (the account-lockout check follows it). */
  | 'incorrect-credentials'
  /** "User does not exist.": shown like incorrect credentials. */
  | 'unknown-user'
  /** "User is disabled." */
  | 'user-disabled'
  /** Anything else: network, throttling, a misconfigured pool... */
  | 'unknown';

export type SignInResult =
  | { kind: 'signed-in' }
  /** The identity service asks for one more step (new password, TOTP...): the caller decides. */
  | { kind: 'next-step'; nextStep: SignInStep }
  | { kind: 'failed'; reason: SignInFailure };

/** react-router's navigate, or anything shaped like it. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

const cognitoConfig = (config: RuntimeConfig) => ({
  userPoolId: config.userPoolId,
  userPoolClientId: config.userPoolClientId,
  // Offline, the local Cognito stand-in; in AWS the regional endpoint Amplify derives itself.
  ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
});

let amplifyAuth: Promise<AmplifyAuth> | undefined;

const loadAmplifyAuth = (): Promise<AmplifyAuth> => {
  amplifyAuth ??= (async () => {
    const cognito = cognitoConfig(getRuntimeConfig()); // throws at once when there is none yet
    const [{ Amplify }, auth, { cognitoUserPoolsTokenProvider }, { createTokenStorage }] =
      await Promise.all([
        import('aws-amplify'),
        import('aws-amplify/auth'),
        import('aws-amplify/auth/cognito'),
        import('./token-storage'),
      ]);
    Amplify.configure({ Auth: { Cognito: cognito } });
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

/** Starts downloading Amplify ahead of need (e.g. when the user starts typing on the login form). */
export const preloadAuth = (): void => {
  loadAmplifyAuth().catch(() => undefined);
};

const failureOf = (err: unknown): SignInFailure => {
  const message = err instanceof Error ? err.message : '';
  switch (message) {
    case 'Incorrect username or password.':
      return 'incorrect-credentials';
    case 'User does not exist.':
      return 'unknown-user';
    case 'User is disabled.':
      return 'user-disabled';
    default:
      return 'unknown';
  }
};

const attemptSignIn = async (email: string, password: string): Promise<SignInResult> => {
  try {
    const auth = await loadAmplifyAuth();
    // Amplify's default flow, USER_SRP_AUTH: the password never leaves the browser, not even to
    // Cognito, and never to our API. The app client allows SRP and refresh only.
    const { nextStep } = await auth.signIn({ username: email, password });
    if (nextStep.signInStep === 'DONE') {
      setAgentSession();
      return { kind: 'signed-in' };
    }
    return { kind: 'next-step', nextStep };
  } catch (err) {
    return { kind: 'failed', reason: failureOf(err) };
  }
};

let pendingSignIn: Promise<SignInResult> | undefined;

/**
 * Password sign-in. Only one may be pending at a time (SPEC §4): a second call while one runs gets
 * the same result instead of a second attempt. On success the agent-session marker is stored.
 */
export const signIn = (email: string, password: string): Promise<SignInResult> => {
  pendingSignIn ??= attemptSignIn(email, password).finally(() => {
    pendingSignIn = undefined;
  });
  return pendingSignIn;
};

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
  if (!hasAgentSession()) return null;
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
    const revealing = [
      'UserNotFoundException',
      'NotAuthorizedException',
      'InvalidParameterException',
    ];
    return revealing.includes(name) ? 'sent' : 'failed';
  }
};
