import type { KeyValueStorageInterface } from 'aws-amplify/utils';

/**
 * Where Amplify keeps the Cognito session (SPEC §3: id, access and refresh token and the clock
 * drift, under the last signed-in user, "stored values are encrypted under a prefix"). Amplify's
 * own keys are kept, each behind TOKEN_KEY_PREFIX; every value is sealed with AES-GCM under a
 * non-extractable 256-bit key that lives in IndexedDB, never in the bundle or in localStorage.
 * A script that reads localStorage (an XSS payload, a browser extension, a copied profile folder)
 * gets ciphertext only; the key itself cannot be exported, only used by this origin.
 *
 * Loaded with Amplify (lib/auth.ts), never in the login screen's first load.
 */
export const TOKEN_KEY_PREFIX = 'ccsc.tokens.';

const FORMAT = 'v1:';
const IV_BYTES = 12;

/** Where the key is kept between visits. The default is IndexedDB; tests pass a map. */
export interface CryptoKeyStore {
  get(): Promise<CryptoKey | undefined>;
  /** Stores `key` unless one is there already, and yields the one that is kept. */
  putIfAbsent(key: CryptoKey): Promise<CryptoKey>;
}

export interface TokenCipher {
  seal(plain: string, context: string): Promise<string>;
  /** The plain text, or null when `sealed` was not sealed under this key for this context. */
  open(sealed: string, context: string): Promise<string | null>;
}

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** A fresh AES-GCM key that can encrypt and decrypt but never be exported. */
export const generateTokenKey = (subtle: SubtleCrypto): Promise<CryptoKey> =>
  subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

/**
 * The key of this browser profile: the stored one, or a new one stored for the next visit. Two
 * tabs starting at once may both generate one; `putIfAbsent` keeps the first and both use it.
 */
export const loadTokenKey = async (subtle: SubtleCrypto, store: CryptoKeyStore) =>
  (await store.get()) ?? store.putIfAbsent(await generateTokenKey(subtle));

/**
 * AES-GCM with a random 96-bit IV per value; the storage key is the additional authenticated
 * data, so a value copied under another key (an access token passed off as an ID token) does
 * not open.
 */
export const createTokenCipher = (
  subtle: SubtleCrypto,
  getKey: () => Promise<CryptoKey>,
  randomBytes: (length: number) => Uint8Array<ArrayBuffer> = (length) =>
    crypto.getRandomValues(new Uint8Array(length)),
): TokenCipher => {
  const encoder = new TextEncoder();
  return {
    async seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const sealed = await subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        await getKey(),
        encoder.encode(plain),
      );
      const out = new Uint8Array(IV_BYTES + sealed.byteLength);
      out.set(iv);
      out.set(new Uint8Array(sealed), IV_BYTES);
      return FORMAT + toBase64(out);
    },
    async open(sealed, context) {
      if (!sealed.startsWith(FORMAT)) return null;
      try {
        const bytes = fromBase64(sealed.slice(FORMAT.length));
        if (bytes.length <= IV_BYTES) return null;
        const plain = await subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: bytes.subarray(0, IV_BYTES),
            additionalData: encoder.encode(context),
          },
          await getKey(),
          bytes.subarray(IV_BYTES),
        );
        return new TextDecoder().decode(plain);
      } catch {
        return null; // tampered, sealed under another key, or not base64
      }
    },
  };
};

type StorageListener = NonNullable<KeyValueStorageInterface['addListener']>;
type StorageEventLike = Parameters<Parameters<StorageListener>[0]>[0];

export interface EncryptedStorageOptions {
  storage: Storage;
  cipher: TokenCipher;
  prefix?: string;
  /** Where cross-tab `storage` events arrive; none in tests that do not need them. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Amplify's KeyValueStorageInterface over a Web Storage, every value sealed. A value that does
 * not open (another key, tampering, a key lost with the site's data) reads as absent and is
 * removed: Amplify then finds no session and the user signs in again.
 */
export const createEncryptedStorage = ({
  storage,
  cipher,
  prefix = TOKEN_KEY_PREFIX,
  events,
}: EncryptedStorageOptions): KeyValueStorageInterface => ({
  async setItem(key, value) {
    storage.setItem(prefix + key, await cipher.seal(value, key));
  },
  async getItem(key) {
    const sealed = storage.getItem(prefix + key);
    if (sealed === null) return null;
    const plain = await cipher.open(sealed, key);
    if (plain === null) storage.removeItem(prefix + key);
    return plain;
  },
  removeItem(key) {
    storage.removeItem(prefix + key);
    return Promise.resolve();
  },
  clear() {
    const ours: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) ours.push(key);
    }
    for (const key of ours) storage.removeItem(key);
    return Promise.resolve();
  },
  // Amplify's cross-tab sign-in/sign-out/refresh detection only compares whether values are
  // present and whether they changed, which sealed values preserve (a fresh IV every write).
  ...(events && {
    addListener(listener: (event: StorageEventLike) => Promise<void>) {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== storage) return;
        if (event.key !== null && !event.key.startsWith(prefix)) return;
        // Amplify's listener is async; a rejection must not surface as an unhandled one.
        void Promise.resolve(
          listener({
            key: event.key === null ? null : event.key.slice(prefix.length),
            oldValue: event.oldValue,
            newValue: event.newValue,
          }),
        ).catch(() => undefined);
      };
      events.addEventListener('storage', onStorage);
      return () => {
        events.removeEventListener('storage', onStorage);
      };
    },
  }),
});

const DB_NAME = 'ccsc-keys';
const DB_STORE = 'keys';
const KEY_ID = 'token-storage';

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => {
      resolve(req.result);
    };
    req.onerror = () => {
      reject(req.error ?? new Error('IndexedDB request failed'));
    };
  });

/** The key's home: an IndexedDB store (a CryptoKey is stored as is, still non-extractable). */
export const indexedDbKeyStore = (factory?: IDBFactory): CryptoKeyStore => {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      // Where IndexedDB is missing this throws, and the promise rejects.
      const req = (factory ?? indexedDB).open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(DB_STORE);
      };
      req.onsuccess = () => {
        resolve(req.result);
      };
      req.onerror = () => {
        reject(req.error ?? new Error('IndexedDB could not be opened'));
      };
    });
    return opened;
  };
  const get = async () => {
    const db = await open();
    const found: unknown = await request(
      db.transaction(DB_STORE, 'readonly').objectStore(DB_STORE).get(KEY_ID),
    );
    return found instanceof CryptoKey ? found : undefined;
  };
  return {
    get,
    async putIfAbsent(key) {
      const db = await open();
      try {
        await request(db.transaction(DB_STORE, 'readwrite').objectStore(DB_STORE).add(key, KEY_ID));
        return key;
      } catch {
        // ConstraintError: another tab stored its key first; use that one.
        return (await get()) ?? key;
      }
    },
  };
};

/** For browsers without a usable IndexedDB (some private modes): the key lasts as long as the page. */
export const memoryKeyStore = (): CryptoKeyStore => {
  let kept: CryptoKey | undefined;
  return {
    get: () => Promise.resolve(kept),
    putIfAbsent(key) {
      kept ??= key;
      return Promise.resolve(kept);
    },
  };
};

/** A store that falls back to memory when IndexedDB fails, so that sign-in still works. */
const withFallback = (primary: CryptoKeyStore, fallback: CryptoKeyStore): CryptoKeyStore => ({
  get: () => primary.get().catch(() => fallback.get()),
  putIfAbsent: (key) => primary.putIfAbsent(key).catch(() => fallback.putIfAbsent(key)),
});

/** The storage lib/auth.ts hands to Amplify's token provider: localStorage, sealed. */
export const createTokenStorage = (): KeyValueStorageInterface => {
  const subtle = crypto.subtle;
  const store = withFallback(indexedDbKeyStore(), memoryKeyStore());
  let key: Promise<CryptoKey> | undefined;
  const getKey = () => {
    key ??= loadTokenKey(subtle, store).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  return createEncryptedStorage({
    storage: localStorage,
    cipher: createTokenCipher(subtle, getKey),
    events: window,
  });
};
