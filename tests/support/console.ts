import type { MockEnv, RunningConsole } from '@ccsc/mock-server';
import { readEnv } from '@ccsc/mock-server';

/** In the data folder: what the console's process wrote to stdout and stderr (global-setup.ts). */
export const CONSOLE_OUTPUT_FILE = 'console-output.log';

/** What a test needs to reach a running console and its stand-ins. */
export interface ConsoleInfo {
  url: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  mailUi: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** The SES stand-in the handlers send through (AWS_ENDPOINT_URL_SESV2). */
  sesEndpoint: string;
  bootstrapAdminEmail: string;
  /** The console's data folder (the Cognito signing key lives under cognito/fidelity/). */
  dataDir: string;
}

/** A console's environment on free ports (port 0 everywhere) and a data folder of the test's. */
export const testEnv = (dataDir: string, extra: Record<string, string> = {}): MockEnv =>
  readEnv({
    DATA_DIR: dataDir,
    PORT: '0',
    COGNITO_PORT: '0',
    SMTP_PORT: '0',
    MAIL_UI_PORT: '0',
    DYNAMODB_PORT: '0',
    S3_PORT: '0',
    ...extra,
  });

export const consoleInfo = (running: RunningConsole, env: MockEnv): ConsoleInfo => ({
  url: running.url,
  region: running.stack.region,
  userPoolId: running.stack.userPoolId,
  userPoolClientId: running.stack.userPoolClientId,
  cognitoEndpoint: running.stack.endpoints.cognitoPublic,
  mailUi: running.stack.endpoints.mailUi,
  dynamodbEndpoint: running.stack.endpoints.dynamodb,
  s3Endpoint: running.stack.endpoints.s3,
  sesEndpoint: running.stack.endpoints.ses,
  bootstrapAdminEmail: env.BOOTSTRAP_ADMIN_EMAIL,
  dataDir: env.DATA_DIR,
});
