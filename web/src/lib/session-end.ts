import { paths } from '../config/paths';
import { signOutLocally } from './auth-amplify';
import { hasAgentSession } from './session';
import { getSessionChannel, type SessionEndReason } from './session-channel';

/**
 * The end of a session, whatever ends it (SPEC §4: logout, idle, a session that became invalid):
 * cleaned up in this browser, told to the console's other tabs, and announced to whoever shows
 * the user where to go (the private layout). Not part of the login screen's first load:
 * lib/auth-token.ts and lib/api.ts import it when a session ends, the private layout with its own
 * chunk.
 */

export type { SessionEndReason };

/** Where the session ended: in this tab, or in another tab of the console. */
export type SessionEndOrigin = 'this-tab' | 'other-tab';

/** What /session-time-out explains (its `reason` query parameter). */
export type TimeOutReason = 'idle' | 'invalid' | 'mfa-required' | 'logout-failed' | 'elsewhere';

type Listener = (reason: SessionEndReason, origin: SessionEndOrigin) => void;

const listeners = new Set<Listener>();
let ending: Promise<void> | undefined;

/**
 * Ends the session in this browser for `reason`. Concurrent calls (a 401 arriving while the user
 * logs out, say) share one clean-up, and only a session that was still there is announced.
 */
export const endSession = (reason: SessionEndReason): Promise<void> => {
  ending ??= (async () => {
    const wasSignedIn = hasAgentSession();
    await signOutLocally();
    if (!wasSignedIn) return;
    getSessionChannel().post({ type: 'signed-out', reason });
    for (const listener of listeners) listener(reason, 'this-tab');
  })().finally(() => {
    ending = undefined;
  });
  return ending;
};

/**
 * Calls `listener` when the session ends in this tab or in another one (the storage is shared,
 * so another tab has already cleared it). Returns the unsubscribe.
 */
export const onSessionEnd = (listener: Listener): (() => void) => {
  listeners.add(listener);
  const unsubscribe = getSessionChannel().subscribe((message) => {
    if (message.type === 'signed-out') listener(message.reason, 'other-tab');
  });
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
};

/** Why the session-time-out screen is shown, in its terms. */
export const timeOutReason = (
  reason: SessionEndReason,
  origin: SessionEndOrigin,
): TimeOutReason => {
  if (reason === 'logout') return 'elsewhere';
  if (reason === 'logout-failed') return origin === 'this-tab' ? 'logout-failed' : 'elsewhere';
  return reason;
};

/** /session-time-out with its reason. */
export const sessionTimeOutPath = (reason: TimeOutReason): string =>
  `${paths.sessionTimeOut}?reason=${reason}`;

/**
 * Where the user goes when the session ends: the login screen after their own successful logout
 * (SPEC §2, the layout's reading of §4), the session-time-out screen with the reason otherwise.
 */
export const sessionEndPath = (reason: SessionEndReason, origin: SessionEndOrigin): string =>
  reason === 'logout' && origin === 'this-tab'
    ? paths.login
    : sessionTimeOutPath(timeOutReason(reason, origin));
