import { callApi } from './api';
import type { Navigate } from './auth-types';
import { hasAgentSession } from './session';
import { endSession, sessionEndPath } from './session-end';

/**
 * How long the server's logout may take. Past it the call counts as failed and the browser signs
 * out without it: a stalled request must not keep the admin screens, and the tokens, in a browser
 * whose user asked to leave or has been away for the whole idle time-out.
 */
export const LOGOUT_CALL_TIMEOUT_MS = 10_000;

/**
 * The server's logout (SPEC §7 `logout`): Cognito's global sign-out of the caller, recorded in
 * the audit trail. The spec's body carries the access token; the server does not need it (it
 * names the user by the verified ID token), so none is sent. Allowed before MFA enrolment.
 */
const logoutOnServer = async (): Promise<boolean> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, LOGOUT_CALL_TIMEOUT_MS);
  });
  const answered = (async () => {
    try {
      await callApi('logout', {});
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
};

let pending: Promise<void> | undefined;

/**
 * One logout at a time: a second "Yes, Logout", or the idle time-out coming while the user's own
 * logout waits for the server, joins the one under way instead of a second call and a second
 * navigation.
 */
const once = (run: () => Promise<void>): Promise<void> => {
  pending ??= run().finally(() => {
    pending = undefined;
  });
  return pending;
};

/**
 * "Yes, Logout" (SPEC §4): the server's logout, then this browser's (tokens and localStorage
 * cleared, the other tabs signed out too); the login screen when the server confirmed it, the
 * session-time-out screen when the call failed.
 */
export const logout = (navigate: Navigate): Promise<void> =>
  once(async () => {
    const reason = (await logoutOnServer()) ? 'logout' : 'logout-failed';
    await endSession(reason);
    await navigate(sessionEndPath(reason, 'this-tab'), { replace: true });
  });

/**
 * The idle countdown reached 0 (SPEC §4): the same logout, the server's part best effort (the
 * user is away and cannot retry), then the session-time-out screen.
 */
export const logoutForIdle = (navigate: Navigate): Promise<void> =>
  once(async () => {
    // Another tab may have timed out a moment earlier and ended the session already.
    if (hasAgentSession()) await logoutOnServer();
    await endSession('idle');
    await navigate(sessionEndPath('idle', 'this-tab'), { replace: true });
  });
