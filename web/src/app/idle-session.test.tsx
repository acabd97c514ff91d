import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { RuntimeConfigProvider } from '../config/runtime-config';
import { hasAgentSession, SESSION_KEYS, setAgentSession } from '../lib/session';
import {
  setSessionChannel,
  type SessionChannel,
  type SessionMessage,
} from '../lib/session-channel';
import { fakeApi, loadTestRuntimeConfig, success } from '../testing/fake-api';
import { testConfig } from '../testing/render-app';
import { LOGOUT_CALL_TIMEOUT_MS } from '../lib/logout';
import { IdleSession } from './idle-session';
import { WAIT } from '../testing/waits';

// A signed-in browser has an ID token: the logout call does not end the session as invalid first.
vi.mock('../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

/** The other tabs of the console: what this tab posts, and messages as if they came from them. */
const otherTabs = () => {
  const posted: SessionMessage[] = [];
  const listeners = new Set<(message: SessionMessage) => void>();
  const channel: SessionChannel = {
    post: (message) => posted.push(message),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const send = (message: SessionMessage) => {
    act(() => {
      for (const listener of listeners) listener(message);
    });
  };
  return { channel, posted, send };
};

const Where = () => {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
};

/** Two minutes: the warning comes after one (a minute before the end). */
const TIMEOUT_SECONDS = 120;

const renderWatch = () =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <MemoryRouter initialEntries={['/admin/dashboard']}>
        <IdleSession timeoutSeconds={TIMEOUT_SECONDS} />
        <Where />
      </MemoryRouter>
    </RuntimeConfigProvider>,
  );

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

/**
 * The console as it runs: its runtime configuration loaded (the sign-out's Amplify waits for it)
 * and the server answering the logout. Without them the logout of one test waits on, and the
 * next test's joins it (lib/logout.ts: one logout at a time).
 */
const serverAnswers = async () => {
  await loadTestRuntimeConfig();
  return fakeApi(() => success({ signedOut: true }));
};

/** The logout's promises (Amplify's sign-out among them) settled on `path`. */
const landsOn = async (path: string) => {
  // vi.waitFor moves the faked clock on as it waits: landing only after the logout call's own
  // timeout would be a logout that hung, not one that finished.
  const from = Date.now();
  await vi.waitFor(() => {
    expect(screen.getByTestId('where')).toHaveTextContent(path);
  }, WAIT);
  expect(Date.now() - from).toBeLessThan(LOGOUT_CALL_TIMEOUT_MS);
};

const warning = () => screen.queryByRole('dialog', { name: 'Session Timeout Warning' });

describe('idle session (SPEC §4, issue 4)', () => {
  let tabs: ReturnType<typeof otherTabs>;
  let previous: SessionChannel | undefined;

  beforeEach(() => {
    // Timers and Date only: React's scheduler keeps its own queue.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      now: new Date('2024-05-01T10:00:00Z'),
    });
    tabs = otherTabs();
    previous = setSessionChannel(tabs.channel);
    setAgentSession();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionChannel(previous);
    vi.useRealTimers();
  });

  it('tells the other tabs about the load, warns a minute before the end, and "Stay signed in" restarts', () => {
    renderWatch();
    expect(tabs.posted).toEqual([{ type: 'activity', at: Date.now() }]);

    advance(TIMEOUT_SECONDS * 1000 - 60_000 - 1);
    expect(warning()).toBeNull();
    advance(1);
    const dialog = warning();
    expect(dialog).not.toBeNull();
    expect(dialog).toHaveTextContent('You will be logged out due to inactivity in 1:00.');
    advance(15_000);
    expect(dialog).toHaveTextContent('in 0:45.');

    // While the warning shows, only its button counts.
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.scroll(window);
    expect(tabs.posted).toHaveLength(1);

    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'Stay signed in' }));
    advance(1000); // the dialog's fade-out
    expect(warning()).toBeNull();
    expect(tabs.posted.at(-1)).toEqual({ type: 'activity', at: Date.now() - 1000 });

    advance(TIMEOUT_SECONDS * 1000 - 60_000 - 1000 - 1);
    expect(warning()).toBeNull();
    advance(1);
    expect(warning()).not.toBeNull();
  });

  it('restarts on click, scroll and keypress, and shares them (at most once a second)', () => {
    renderWatch();
    advance(30_000);
    fireEvent.click(document.body);
    fireEvent.scroll(window);
    expect(tabs.posted).toHaveLength(2);
    expect(tabs.posted[1]).toEqual({ type: 'activity', at: Date.now() });
    advance(1000);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(tabs.posted).toHaveLength(3);

    advance(TIMEOUT_SECONDS * 1000 - 60_000 - 1);
    expect(warning()).toBeNull();
    advance(1);
    expect(warning()).not.toBeNull();
  });

  it("counts another tab's activity", () => {
    renderWatch();
    advance(50_000);
    tabs.send({ type: 'activity', at: Date.now() });
    advance(50_000);
    expect(warning()).toBeNull();
    advance(10_000);
    expect(warning()).not.toBeNull();

    tabs.send({ type: 'activity', at: Date.now() }); // activity elsewhere lifts the warning here
    advance(1000);
    expect(warning()).toBeNull();
  });

  it('at 0 signs out, tells the other tabs and lands on /session-time-out', async () => {
    await serverAnswers();
    localStorage.setItem(SESSION_KEYS.profile, '{"givenName":"Ada"}');
    renderWatch();
    advance(TIMEOUT_SECONDS * 1000);
    await landsOn('/session-time-out?reason=idle');

    expect(hasAgentSession()).toBe(false);
    expect(localStorage.getItem(SESSION_KEYS.profile)).toBeNull();
    expect(tabs.posted.at(-1)).toEqual({ type: 'signed-out', reason: 'idle' });
  });

  it('does not let a click revive a session whose time ran out while its timers were held back', async () => {
    await serverAnswers();
    renderWatch();
    // A sleeping laptop or a throttled background tab: the clock moved on, no timer has run.
    vi.setSystemTime(Date.now() + TIMEOUT_SECONDS * 1000 + 5000);
    fireEvent.click(document.body);
    await landsOn('/session-time-out?reason=idle');

    expect(hasAgentSession()).toBe(false);
    expect(tabs.posted).not.toContainEqual(
      expect.objectContaining({ type: 'activity', at: Date.now() }),
    );
  });

  it('at 0 also ends the session on the server (logout), as far as it can', async () => {
    const calls = await serverAnswers();
    renderWatch();
    advance(TIMEOUT_SECONDS * 1000);
    await landsOn('/session-time-out?reason=idle');
    expect(calls.map(({ path, method }) => `${method} ${path}`)).toEqual(['POST logout']);
    expect(hasAgentSession()).toBe(false);
  });

  it.each([
    ['logout', '/session-time-out?reason=elsewhere'],
    ['idle', '/session-time-out?reason=idle'],
    ['invalid', '/session-time-out?reason=invalid'],
  ] as const)('follows a sign-out (%s) in another tab', (reason, where) => {
    renderWatch();
    localStorage.clear(); // the storage is shared: the other tab has cleared it
    tabs.send({ type: 'signed-out', reason });
    expect(screen.getByTestId('where')).toHaveTextContent(where);
  });

  it('leaves when another tab clears the session without a word', () => {
    renderWatch();
    localStorage.removeItem(SESSION_KEYS.agentSession);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: SESSION_KEYS.agentSession,
          oldValue: 'true',
          newValue: null,
          storageArea: localStorage,
        }),
      );
    });
    advance(499);
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard');
    advance(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/session-time-out?reason=elsewhere');
  });
});
