import { callApi } from './api';
import type { Navigate } from './auth';
import { hasAgentSession } from './session';
import { endSession, sessionEndPath } from './session-end';

/**
 * The server's logout (SPEC §7 `logout`): Cognito's global sign-out of the caller, recorded in
 * the audit trail. The spec's body carries the access token; the server does not need it (it
 * names the user by the verified ID token), so none is sent. Allowed before MFA enrolment.
 */
const logoutOnServer = async (): Promise<boolean> => {
  try {
    await callApi('logout', {});
    return true;
  } catch {
    return false;
  }
};

/**
 * "Yes, Logout" (SPEC §4): the server's logout, then this browser's (tokens and localStorage
 * cleared, the other tabs signed out too); the login screen when the server confirmed it, the
 * session-time-out screen when the call failed.
 */
export const logout = async (navigate: Navigate): Promise<void> => {
  const reason = (await logoutOnServer()) ? 'logout' : 'logout-failed';
  await endSession(reason);
  await navigate(sessionEndPath(reason, 'this-tab'), { replace: true });
};

/**
 * The idle countdown reached 0 (SPEC §4): the same logout, the server's part best effort (the
 * user is away and cannot retry), then the session-time-out screen.
 */
export const logoutForIdle = async (navigate: Navigate): Promise<void> => {
  // Another tab may have timed out a moment earlier and ended the session already.
  if (hasAgentSession()) await logoutOnServer();
  await endSession('idle');
  await navigate(sessionEndPath('idle', 'this-tab'), { replace: true });
};
