import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { startConsole, type RunningConsole } from '@ccsc/mock-server';
import { cognito } from '../support/aws';
import { consoleInfo, testEnv } from '../support/console';

// Runs its own console (this test file has its own process) on a data folder of its own.
describe('the offline stack across a restart', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the pool, its client and its users', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-restart-'));
    const env = testEnv(dataDir);
    const info = (r: RunningConsole) => consoleInfo(r, env);

    const first = await startConsole(env);
    const before = info(first);
    await cognito(before).send(
      new AdminCreateUserCommand({
        UserPoolId: before.userPoolId,
        Username: 'kept@example.com',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: 'kept@example.com' }],
      }),
    );
    await first.stop();

    const second = await startConsole(env);
    try {
      const after = info(second);
      expect(after.userPoolId).toBe(before.userPoolId);
      expect(after.userPoolClientId).toBe(before.userPoolClientId);
      const kept = await cognito(after).send(
        new AdminGetUserCommand({ UserPoolId: after.userPoolId, Username: 'kept@example.com' }),
      );
      expect(kept.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe('kept@example.com');
    } finally {
      await second.stop();
    }
  });
});
