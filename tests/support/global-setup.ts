import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readEnv, startConsole, type RunningConsole } from '@ccsc/mock-server';

export interface ConsoleInfo {
  url: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  mailUi: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  bootstrapAdminEmail: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    console: ConsoleInfo;
  }
}

let running: RunningConsole | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(join(tmpdir(), 'ccsc-it-'));
  const env = readEnv({
    DATA_DIR: dataDir,
    PORT: '0',
    COGNITO_PORT: '0',
    SMTP_PORT: '0',
    MAIL_UI_PORT: '0',
    DYNAMODB_PORT: '0',
    S3_PORT: '0',
  });
  running = await startConsole(env);
  project.provide('console', {
    url: running.url,
    region: running.stack.region,
    userPoolId: running.stack.userPoolId,
    userPoolClientId: running.stack.userPoolClientId,
    cognitoEndpoint: running.stack.endpoints.cognito,
    mailUi: running.stack.endpoints.mailUi,
    dynamodbEndpoint: running.stack.endpoints.dynamodb,
    s3Endpoint: running.stack.endpoints.s3,
    bootstrapAdminEmail: env.BOOTSTRAP_ADMIN_EMAIL,
  });
}

export async function teardown() {
  await running?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
