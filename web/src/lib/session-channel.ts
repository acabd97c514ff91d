/**
 * The console's tabs tell each other about the session (issue 4: activity in one tab counts for
 * all; signing out in one signs out all). A BroadcastChannel where the browser has one, otherwise
 * a localStorage key whose `storage` events reach the other tabs. Messages never leave the
 * browser profile and carry no token.
 */
export type SessionEndReason =
  /** The user confirmed "Yes, Logout" and the server ended the session. */
  | 'logout'
  /** The user confirmed the logout but the server could not be told. */
  | 'logout-failed'
  /** No activity for the configured time. */
  | 'idle'
  /** Cognito or the API no longer accepts the session (disabled, deleted, revoked, expired...). */
  | 'invalid'
  /** The API refuses a caller without an authenticator app (403 MFA_ENROLMENT_REQUIRED). */
  | 'mfa-required';

export type SessionMessage =
  { type: 'activity'; at: number } | { type: 'signed-out'; reason: SessionEndReason };

export interface SessionChannel {
  post(message: SessionMessage): void;
  /** Messages from the OTHER tabs; returns the unsubscribe. */
  subscribe(listener: (message: SessionMessage) => void): () => void;
}

const CHANNEL_NAME = 'ccsc.session';
/** The fallback's message slot in localStorage. */
export const SESSION_MESSAGE_KEY = 'ccsc.sessionMessage';

const REASONS: readonly string[] = ['logout', 'logout-failed', 'idle', 'invalid', 'mfa-required'];

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  typeof value === 'string' && REASONS.includes(value);

/** Messages come from other pages of the origin: checked, not trusted for their shape. */
const parseMessage = (value: unknown): SessionMessage | null => {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (
    message.type === 'activity' &&
    typeof message.at === 'number' &&
    Number.isFinite(message.at)
  ) {
    return { type: 'activity', at: message.at };
  }
  if (message.type === 'signed-out' && isSessionEndReason(message.reason)) {
    return { type: 'signed-out', reason: message.reason };
  }
  return null;
};

const broadcastChannel = (): SessionChannel => {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post(message) {
      channel.postMessage(message);
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        const message = parseMessage(event.data);
        if (message) listener(message);
      };
      channel.addEventListener('message', onMessage);
      return () => {
        channel.removeEventListener('message', onMessage);
      };
    },
  };
};

const storageChannel = (): SessionChannel => ({
  post(message) {
    try {
      // A nonce makes every write a change, so that a repeated message still raises an event.
      localStorage.setItem(SESSION_MESSAGE_KEY, JSON.stringify({ ...message, n: Math.random() }));
      // The write's event has gone out; the slot is emptied again so that nothing is left behind
      // (a sign-out posts after localStorage was cleared, which must stay cleared but the language).
      localStorage.removeItem(SESSION_MESSAGE_KEY);
    } catch {
      // Storage unavailable: there are no other tabs to tell.
    }
  },
  subscribe(listener) {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_MESSAGE_KEY || event.newValue === null) return;
      try {
        const message = parseMessage(JSON.parse(event.newValue));
        if (message) listener(message);
      } catch {
        // not JSON: not ours
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  },
});

let shared: SessionChannel | undefined;

/** The channel of this page (one per page, shared by the idle timer and the session's end). */
export const getSessionChannel = (): SessionChannel => {
  shared ??= typeof BroadcastChannel === 'function' ? broadcastChannel() : storageChannel();
  return shared;
};

/** Replaces the page's channel (tests use an in-memory pair); returns the previous one. */
export const setSessionChannel = (
  channel: SessionChannel | undefined,
): SessionChannel | undefined => {
  const previous = shared;
  shared = channel;
  return previous;
};
