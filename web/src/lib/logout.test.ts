import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, loadTestRuntimeConfig, success } from '../testing/fake-api';
import { LOGOUT_CALL_TIMEOUT_MS, logout, logoutForIdle } from './logout';
import { hasAgentSession, setAgentSession } from './session';
import { setSessionChannel, type SessionChannel, type SessionMessage } from './session-channel';
import { WAIT } from '../testing/waits';

// Amplify's side, signed in: the ID token for the call, and a local sign-out that succeeds.
const amplify = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { setKeyValueStorage: vi.fn() },
}));

describe('logout (SPEC §4)', () => {
  let posted: SessionMessage[];
  let previous: SessionChannel | undefined;

  beforeEach(async () => {
    await loadTestRuntimeConfig();
    posted = [];
    previous = setSessionChannel({
      post: (message) => posted.push(message),
      subscribe: () => () => undefined,
    });
    setAgentSession();
    amplify.fetchAuthSession.mockResolvedValue({
      tokens: { idToken: { toString: () => 'id.jwt' } },
    });
    amplify.signOut.mockResolvedValue(undefined);
  });
  afterEach(() => {
    setSessionChannel(previous);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('does not wait for a server that never answers: signed out here, /session-time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = fakeApi(() => 'no-answer');
    const navigate = vi.fn();

    const done = logout(navigate);
    await vi.advanceTimersByTimeAsync(LOGOUT_CALL_TIMEOUT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    expect(hasAgentSession()).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(calls.map(({ path, authorization }) => `${path} ${String(authorization)}`)).toEqual([
      'logout Bearer id.jwt',
    ]);
    expect(hasAgentSession()).toBe(false);
    expect(posted).toEqual([{ type: 'signed-out', reason: 'logout-failed' }]);
    expect(navigate).toHaveBeenCalledWith('/session-time-out?reason=logout-failed', {
      replace: true,
    });
  });

  it('runs one logout at a time: a second click or the idle time-out joins the one under way', async () => {
    let answer: (value: Response) => void = () => undefined;
    const calls: string[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      calls.push(input);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const navigate = vi.fn();

    const first = logout(navigate);
    const second = logout(navigate);
    const idle = logoutForIdle(navigate);
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    }, WAIT);
    const body = (success({ signedOut: true }) as { body: unknown }).body;
    answer(Response.json(body));
    await Promise.all([first, second, idle]);

    expect(calls).toHaveLength(1);
    expect(posted).toEqual([{ type: 'signed-out', reason: 'logout' }]);
    expect(navigate.mock.calls).toEqual([['/', { replace: true }]]);

    // Once it is over, a new session's logout is a new one.
    setAgentSession();
    fakeApi(() => success({ signedOut: true }));
    await logout(navigate);
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
