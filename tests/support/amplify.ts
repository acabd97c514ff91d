import { Amplify } from 'aws-amplify';
import { signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, type KeyValueStorageInterface } from 'aws-amplify/utils';
import type { ConsoleInfo } from './console';

/**
 * aws-amplify v6 in a Node test worker. Without `window.localStorage` Amplify keeps its tokens in
 * an in-memory store of its own; this one is ours instead, so that a test can read what Amplify
 * stored (the refresh token, which no public API returns). Amplify keeps ONE signed-in user per
 * process: tests using it run one after another and sign out in between.
 */
class MemoryStorage implements KeyValueStorageInterface {
  private readonly items = new Map<string, string>();

  setItem(key: string, value: string) {
    this.items.set(key, value);
    return Promise.resolve();
  }

  getItem(key: string) {
    return Promise.resolve(this.items.get(key) ?? null);
  }

  removeItem(key: string) {
    this.items.delete(key);
    return Promise.resolve();
  }

  clear() {
    this.items.clear();
    return Promise.resolve();
  }

  /** The value of the one key that ends with `suffix` under Amplify's prefix for `clientId`. */
  find(clientId: string, suffix: string) {
    const prefix = `CognitoIdentityServiceProvider.${clientId}.`;
    for (const [key, value] of this.items) {
      if (key.startsWith(prefix) && key.endsWith(suffix)) return value;
    }
    return undefined;
  }
}

const storage = new MemoryStorage();

/** Points Amplify's Auth at a pool and client of the offline Cognito. */
export const configureAmplify = (
  c: ConsoleInfo,
  pool: { userPoolId: string; userPoolClientId: string },
) => {
  // Amplify warns on every call that the user pool endpoint is a custom one: that is the point.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: c.cognitoEndpoint,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
};

/** The refresh token Amplify holds for the user signed in through `clientId`. */
export const amplifyRefreshToken = (clientId: string) => storage.find(clientId, '.refreshToken');

/** Signs out locally if anyone is signed in; tests call it between Amplify sign-ins. */
export const amplifySignOutQuietly = async () => {
  try {
    await signOut();
  } catch {
    // nobody was signed in, or the tokens were already revoked: nothing to do
  }
  await storage.clear();
};

/** How an Amplify call failed: the AuthError's name (Cognito's exception name) and message. */
export const amplifyFailureOf = async (
  call: Promise<unknown>,
): Promise<{ name: string; message: string }> => {
  try {
    await call;
  } catch (err) {
    if (err instanceof Error) return { name: err.name, message: err.message };
    throw err;
  }
  throw new Error('expected the Amplify call to fail, but it succeeded');
};
