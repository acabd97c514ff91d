import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv, startConsole } from '@ccsc/mock-server';
import { cognito } from '../support/aws';
import type { ConsoleInfo } from '../support/global-setup';

// Runs its own console (this test file has its own process) on a data folder of its own.
describe('the offline stack across a restart', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the pool, its client and its users', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-restart-'));
    const env = readEnv({
      DATA_DIR: dataDir,
      PORT: '0',
      COGNITO_PORT: '0',
      SMTP_PORT: '0',
      MAIL_UI_PORT: '0',
      DYNAMODB_PORT: '0',
      S3_PORT: '0',
    });
    const info = (r: Awaited<ReturnType<typeof startConsole>>): ConsoleInfo => ({
      url: r.url,
      region: r.stack.region,
      userPoolId: r.stack.userPoolId,
      userPoolClientId: r.stack.userPoolClientId,
      cognitoEndpoint: r.stack.endpoints.cognito,
      mailUi: r.stack.endpoints.mailUi,
      dynamodbEndpoint: r.stack.endpoints.dynamodb,
      s3Endpoint: r.stack.endpoints.s3,
      bootstrapAdminEmail: env.BOOTSTRAP_ADMIN_EMAIL,
    });

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
