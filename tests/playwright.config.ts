import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's Chromium (no browser download) against the offline console,
// started exactly as `npm start` starts it, on ports of its own and a throw-away data folder.
const ports = {
  PORT: 3310,
  COGNITO_PORT: 9310,
  SMTP_PORT: 1310,
  MAIL_UI_PORT: 1320,
  DYNAMODB_PORT: 8310,
  S3_PORT: 4310,
};
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ccsc-e2e-'));
const baseURL = `http://localhost:${ports.PORT}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../mock-server/scripts/start.mjs',
    url: `${baseURL}/config.json`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: process.env.E2E_DATA_DIR,
      IDLE_TIMEOUT_SECONDS: '1800',
    },
  },
});
