import { isEstablishing, loadAmplifyAuth } from './auth-amplify';
import { hasAgentSession } from './session';

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
  if (!hasAgentSession() && !isEstablishing()) return null;
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
