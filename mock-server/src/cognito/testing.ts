// Test support, for the *.test.ts files here only: nothing the server imports (so esbuild leaves it
// out of the bundle), and not named *.test.ts (so vitest does not run it as a suite).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolCommand,
  type CreateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Config } from 'cognito-local/lib/server/config.js';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import { LOCAL_CREDENTIALS, REGION } from '../services/aws-local';
import { type RunningCognito, startCognito } from '../services/cognito';
import type { OutgoingMail } from './messages';

export interface TestCognitoOptions {
  /** The time everything reads, for tests that move it (expiry of sessions and tokens). */
  clock?: Clock;
  /** Written as cognito-local's config.json before it starts (merged over its defaults). */
  config?: { [K in keyof Config]?: Partial<Config[K]> };
}

export interface TestCognito {
  cognito: RunningCognito;
  /** An SDK client pointed at it, with the local credentials. */
  sdk: CognitoIdentityProviderClient;
  /** Every e-mail it has sent, oldest first. */
  sent: OutgoingMail[];
  /** Its config and database, removed by stop(). */
  dir: string;
  /** Destroys the SDK client, stops cognito-local and removes its directory. */
  stop(): Promise<void>;
}

/**
 * cognito-local alone (no other emulators) with the fidelity layer in front, on a free port, in a
 * temporary directory of its own, its e-mail collected in `sent`.
 */
export const startTestCognito = async (options: TestCognitoOptions = {}): Promise<TestCognito> => {
  const dir = await mkdtemp(join(tmpdir(), 'ccsc-cognito-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  const sent: OutgoingMail[] = [];
  let cognito: RunningCognito;
  try {
    if (options.config) {
      await writeFile(join(dir, 'config.json'), JSON.stringify(options.config));
    }
    cognito = await startCognito({
      directory: dir,
      host: '127.0.0.1',
      port: 0,
      debug: false,
      mailFrom: 'no-reply@ccsc.local',
      clock: options.clock,
      sendMail: (mail) => {
        sent.push(mail);
        return Promise.resolve();
      },
    });
  } catch (error) {
    await removeDir();
    throw error;
  }
  const sdk = new CognitoIdentityProviderClient({
    region: REGION,
    endpoint: cognito.url,
    credentials: LOCAL_CREDENTIALS,
  });
  return {
    cognito,
    sdk,
    sent,
    dir,
    stop: async () => {
      sdk.destroy();
      try {
        await cognito.stop();
      } finally {
        await removeDir();
      }
    },
  };
};

/** Creates a user pool and answers its id ('' if the answer has none). */
export const createPool = async (
  sdk: CognitoIdentityProviderClient,
  input: CreateUserPoolCommandInput,
): Promise<string> => {
  const pool = await sdk.send(new CreateUserPoolCommand(input));
  return pool.UserPool?.Id ?? '';
};
