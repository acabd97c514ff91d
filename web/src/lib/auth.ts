import type * as AmplifyAuthModule from 'aws-amplify/auth';
import { getRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { paths } from '../config/paths';
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
    const [{ Amplify }, auth] = await Promise.all([
      import('aws-amplify'),
      import('aws-amplify/auth'),
    ]);
    Amplify.configure({ Auth: { Cognito: cognitoConfig(getRuntimeConfig()) } });
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

/** The signed-in user's ID token for API calls (SPEC §6), or null when nobody is signed in. */
export const getIdToken = async (): Promise<string | null> => {
  if (!hasAgentSession()) return null;
  try {
    const { fetchAuthSession } = await loadAmplifyAuth();
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
};

/**
 * Ends the session in this browser: clears localStorage (Amplify's tokens, the agent-session
 * marker, the profile; the language choice stays) and goes to the login screen.
 */
export const logout = async (navigate: Navigate): Promise<void> => {
  clearSession([LANGUAGE_STORAGE_KEY]);
  await navigate(paths.login, { replace: true });
};
