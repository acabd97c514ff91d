import type * as AmplifyAuthModule from 'aws-amplify/auth';
import { whenRuntimeConfigLoaded, type RuntimeConfig } from '../config/runtime-config';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { clearSession } from './session';

/**
 * Amplify itself, configured once, and what every part of the sign-in and the session's end needs
 * of it. lib/auth.ts is the way in for the rest of the app (STYLE §7); this module imports nothing
 * of lib/auth, lib/sign-in-flow, lib/api or lib/session-end, so that they need not import each
 * other in a cycle. Amplify is imported on first use, not at start-up, so that the login route's
 * first load stays small.
 */

export type AmplifyAuth = typeof AmplifyAuthModule;

const cognitoConfig = (config: RuntimeConfig) => ({
  userPoolId: config.userPoolId,
  userPoolClientId: config.userPoolClientId,
  // Offline, the local Cognito stand-in; in AWS the regional endpoint Amplify derives itself.
  ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
});

let amplifyAuth: Promise<AmplifyAuth> | undefined;

/** Amplify's auth API, configured; for the lib/auth* modules and lib/sign-in-flow.ts only. */
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

/** Set while a completed sign-in's redirect-user call runs, before the marker is stored. */
let establishing = false;

/** lib/sign-in-flow.ts: the ID token may be used for redirect-user before the marker is set. */
export const setEstablishing = (value: boolean): void => {
  establishing = value;
};

export const isEstablishing = (): boolean => establishing;

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
