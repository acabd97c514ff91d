import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getSessionChannel,
  SESSION_MESSAGE_KEY,
  setSessionChannel,
  type SessionMessage,
} from './session-channel';
import { WAIT } from '../testing/waits';

const CHANNEL_NAME = 'ccsc.session';

describe('the session channel between the console’s tabs', () => {
  afterEach(() => {
    setSessionChannel(undefined);
    vi.unstubAllGlobals();
  });

  it('passes the other tabs’ messages through a BroadcastChannel, checked', async () => {
    const heard: SessionMessage[] = [];
    const stop = getSessionChannel().subscribe((message) => heard.push(message));
    const otherTab = new BroadcastChannel(CHANNEL_NAME);
    otherTab.postMessage({ type: 'signed-out', reason: 'logout' });
    otherTab.postMessage({ type: 'signed-out', reason: 'because' }); // not a reason: dropped
    otherTab.postMessage({ type: 'activity', at: 1714557600000 });
    await vi.waitFor(() => {
      expect(heard).toHaveLength(2);
    }, WAIT);
    expect(heard).toEqual([
      { type: 'signed-out', reason: 'logout' },
      { type: 'activity', at: 1714557600000 },
    ]);
    stop();
    otherTab.close();
  });

  describe('without BroadcastChannel (localStorage events)', () => {
    const useStorageChannel = () => {
      vi.stubGlobal('BroadcastChannel', undefined);
      setSessionChannel(undefined);
      return getSessionChannel();
    };

    it('leaves nothing in localStorage after posting (a sign-out must leave it cleared)', () => {
      const channel = useStorageChannel();
      const setItem = vi.spyOn(localStorage, 'setItem');
      channel.post({ type: 'signed-out', reason: 'idle' });
      // Written (that is what raises the other tabs' storage event), then emptied again.
      expect(setItem).toHaveBeenCalledWith(
        SESSION_MESSAGE_KEY,
        expect.stringContaining('"reason":"idle"'),
      );
      expect(Object.keys(localStorage)).toEqual([]);
      setItem.mockRestore();
    });

    it('hears the other tabs’ messages from storage events, checked', () => {
      const channel = useStorageChannel();
      const heard: SessionMessage[] = [];
      const stop = channel.subscribe((message) => heard.push(message));
      const fire = (key: string, newValue: string | null) => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
      };
      fire(SESSION_MESSAGE_KEY, JSON.stringify({ type: 'signed-out', reason: 'idle', n: 0.5 }));
      fire(SESSION_MESSAGE_KEY, null); // the slot emptied again
      fire(SESSION_MESSAGE_KEY, 'not json');
      fire('other', JSON.stringify({ type: 'signed-out', reason: 'idle' }));
      fire(SESSION_MESSAGE_KEY, JSON.stringify({ type: 'activity', at: 'soon' }));
      expect(heard).toEqual([{ type: 'signed-out', reason: 'idle' }]);
      stop();
      fire(SESSION_MESSAGE_KEY, JSON.stringify({ type: 'signed-out', reason: 'idle' }));
      expect(heard).toHaveLength(1);
    });
  });
});
