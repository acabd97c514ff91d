import { webcrypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  createEncryptedStorage,
  createTokenCipher,
  generateTokenKey,
  loadTokenKey,
  memoryKeyStore,
  TOKEN_KEY_PREFIX,
} from './token-storage';

// The test DOM (happy-dom) has no IndexedDB: Node's Web Crypto and an in-memory key store stand
// in, here only. The browser uses crypto.subtle and IndexedDB (createTokenStorage).
const subtle = webcrypto.subtle as SubtleCrypto;

const ACCESS_KEY = 'CognitoIdentityServiceProvider.client123.user-1.accessToken';
const ID_KEY = 'CognitoIdentityServiceProvider.client123.user-1.idToken';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';

const setup = async () => {
  const key = await generateTokenKey(subtle);
  const cipher = createTokenCipher(subtle, () => Promise.resolve(key));
  const storage = createEncryptedStorage({ storage: localStorage, cipher });
  return { key, cipher, storage };
};

describe('token storage (SPEC §3: values encrypted under a prefix)', () => {
  it('uses a non-extractable AES-GCM key', async () => {
    const key = await generateTokenKey(subtle);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('round-trips a value, storing only ciphertext under the prefixed Amplify key', async () => {
    const { storage } = await setup();
    await storage.setItem(ACCESS_KEY, JWT);

    const raw = localStorage.getItem(TOKEN_KEY_PREFIX + ACCESS_KEY);
    expect(raw).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(raw).not.toContain(JWT);
    expect(raw).not.toContain('eyJ');
    expect(localStorage.getItem(ACCESS_KEY)).toBeNull();

    await expect(storage.getItem(ACCESS_KEY)).resolves.toBe(JWT);
  });

  it('seals the same value differently every time (a fresh IV)', async () => {
    const { storage } = await setup();
    await storage.setItem(ACCESS_KEY, JWT);
    const first = localStorage.getItem(TOKEN_KEY_PREFIX + ACCESS_KEY);
    await storage.setItem(ACCESS_KEY, JWT);
    expect(localStorage.getItem(TOKEN_KEY_PREFIX + ACCESS_KEY)).not.toBe(first);
  });

  it('reads a value sealed under another key as absent, and removes it', async () => {
    const { storage } = await setup();
    await storage.setItem(ACCESS_KEY, JWT);
    const other = await setup(); // a new key, e.g. after the site's IndexedDB was cleared
    await expect(other.storage.getItem(ACCESS_KEY)).resolves.toBeNull();
    expect(localStorage.getItem(TOKEN_KEY_PREFIX + ACCESS_KEY)).toBeNull();
  });

  it('refuses a value moved under another key or tampered with', async () => {
    const { storage } = await setup();
    await storage.setItem(ACCESS_KEY, JWT);
    const sealed = localStorage.getItem(TOKEN_KEY_PREFIX + ACCESS_KEY) ?? '';
    localStorage.setItem(TOKEN_KEY_PREFIX + ID_KEY, sealed);
    await expect(storage.getItem(ID_KEY)).resolves.toBeNull();

    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    localStorage.setItem(TOKEN_KEY_PREFIX + ACCESS_KEY, flipped);
    await expect(storage.getItem(ACCESS_KEY)).resolves.toBeNull();

    localStorage.setItem(TOKEN_KEY_PREFIX + ACCESS_KEY, JWT); // plain text planted by someone
    await expect(storage.getItem(ACCESS_KEY)).resolves.toBeNull();
  });

  it('removes and clears only its own keys', async () => {
    const { storage } = await setup();
    localStorage.setItem('ccsc.agentSession', 'true');
    await storage.setItem(ACCESS_KEY, JWT);
    await storage.setItem(ID_KEY, JWT);
    await storage.removeItem(ACCESS_KEY);
    await expect(storage.getItem(ACCESS_KEY)).resolves.toBeNull();
    await expect(storage.getItem(ID_KEY)).resolves.toBe(JWT);

    await storage.clear();
    await expect(storage.getItem(ID_KEY)).resolves.toBeNull();
    expect(localStorage.getItem('ccsc.agentSession')).toBe('true');
  });

  it('keeps the first stored key when two tabs create one at once', async () => {
    const store = memoryKeyStore();
    const [a, b] = await Promise.all([loadTokenKey(subtle, store), loadTokenKey(subtle, store)]);
    expect(a).toBe(b);
    await expect(loadTokenKey(subtle, store)).resolves.toBe(a);
  });

  it("passes other tabs' changes of its keys to Amplify, without the prefix", async () => {
    const events = new EventTarget();
    const { cipher } = await setup();
    const storage = createEncryptedStorage({
      storage: localStorage,
      cipher,
      events,
    });
    const listener = vi.fn(() => Promise.resolve());
    const stop = storage.addListener?.(listener);

    const fire = (key: string | null, newValue: string | null) => {
      events.dispatchEvent(
        new StorageEvent('storage', {
          key,
          newValue,
          oldValue: 'v1:old',
          storageArea: localStorage,
        }),
      );
    };
    fire('ccsc.agentSession', null); // not a token key: ignored
    fire(TOKEN_KEY_PREFIX + ACCESS_KEY, 'v1:new');
    fire(null, null); // localStorage.clear() in another tab
    expect(listener.mock.calls).toEqual([
      [{ key: ACCESS_KEY, oldValue: 'v1:old', newValue: 'v1:new' }],
      [{ key: null, oldValue: 'v1:old', newValue: null }],
    ]);

    stop?.();
    fire(TOKEN_KEY_PREFIX + ACCESS_KEY, 'v1:newer');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps a failing Amplify listener's rejection to itself", async () => {
    const events = new EventTarget();
    const { cipher } = await setup();
    const storage = createEncryptedStorage({ storage: localStorage, cipher, events });
    const listener = vi.fn(() => Promise.reject(new Error('Hub listener failed')));
    const stop = storage.addListener?.(listener);
    events.dispatchEvent(
      new StorageEvent('storage', {
        key: TOKEN_KEY_PREFIX + ACCESS_KEY,
        newValue: null,
        oldValue: 'v1:old',
        storageArea: localStorage,
      }),
    );
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1); // and vitest saw no unhandled rejection
    stop?.();
  });
});
