import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { hasAgentSession, SESSION_KEYS, setAgentSession } from './session';
import { setSessionChannel, type SessionChannel, type SessionMessage } from './session-channel';
import { endSession, onSessionEnd, sessionEndPath } from './session-end';

describe('the end of a session (SPEC §4)', () => {
  let posted: SessionMessage[];
  let previous: SessionChannel | undefined;

  beforeEach(() => {
    posted = [];
    previous = setSessionChannel({
      post: (message) => posted.push(message),
      subscribe: () => () => undefined,
    });
  });
  afterEach(() => {
    setSessionChannel(previous);
  });

  it('clears local storage but the language, tells the other tabs and this tab once', async () => {
    setAgentSession();
    localStorage.setItem(SESSION_KEYS.profile, '{}');
    localStorage.setItem('ccsc.tokens.CognitoIdentityServiceProvider.c.u.idToken', 'v1:sealed');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    const heard: string[] = [];
    const stop = onSessionEnd((reason, origin) => heard.push(`${reason} ${origin}`));

    // A 401 and a logout at the same moment: one clean-up, the first reason.
    await Promise.all([endSession('invalid'), endSession('logout-failed')]);
    stop();

    expect(hasAgentSession()).toBe(false);
    expect(Object.keys(localStorage)).toEqual([LANGUAGE_STORAGE_KEY]);
    expect(posted).toEqual([{ type: 'signed-out', reason: 'invalid' }]);
    expect(heard).toEqual(['invalid this-tab']);
  });

  it('announces nothing when there was no session to end', async () => {
    const heard: string[] = [];
    const stop = onSessionEnd((reason) => heard.push(reason));
    await endSession('invalid');
    stop();
    expect(posted).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('sends the user to / after their own logout, else to /session-time-out with the reason', () => {
    expect(sessionEndPath('logout', 'this-tab')).toBe('/');
    expect(sessionEndPath('logout', 'other-tab')).toBe('/session-time-out?reason=elsewhere');
    expect(sessionEndPath('logout-failed', 'this-tab')).toBe(
      '/session-time-out?reason=logout-failed',
    );
    expect(sessionEndPath('logout-failed', 'other-tab')).toBe('/session-time-out?reason=elsewhere');
    expect(sessionEndPath('idle', 'other-tab')).toBe('/session-time-out?reason=idle');
    expect(sessionEndPath('invalid', 'this-tab')).toBe('/session-time-out?reason=invalid');
    expect(sessionEndPath('mfa-required', 'this-tab')).toBe(
      '/session-time-out?reason=mfa-required',
    );
  });
});
