import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

// End-to-end journeys in Debian's Chromium (no browser download) against the offline console,
// started exactly as `npm start` starts it, on ports of its own and a throw-away data folder.
// E2E_PORT_OFFSET moves them all, so that two runs can share a machine.
const offset = Number(process.env.E2E_PORT_OFFSET ?? '0');
const ports = {
  PORT: 3310 + offset,
  COGNITO_PORT: 9310 + offset,
  SMTP_PORT: 1310 + offset,
  MAIL_UI_PORT: 1320 + offset,
  DYNAMODB_PORT: 8310 + offset,
  S3_PORT: 4310 + offset,
};
// Ports that fetch (undici, as the journeys' inbox reads) and Chromium refuse to connect to (the
// Fetch standard's "bad ports" from 1024 up): an offset that lands on one fails every mail read
// with "fetch failed" (offset 400 puts the inbox on 1720).
const REFUSED = [
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
];
const refused = Object.entries(ports).filter(([, port]) => REFUSED.includes(port));
if (refused.length > 0) {
  const which = refused.map(([name, port]) => `${name}=${String(port)}`).join(', ');
  throw new Error(`E2E_PORT_OFFSET=${String(offset)} puts ${which} on a port fetch refuses`);
}
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ccsc-e2e-'));
const baseURL = `http://localhost:${ports.PORT}`;
/** The local inbox's REST API (maildev: GET /api/email), for journeys that read mail. */
process.env.E2E_MAIL_UI_URL = `http://127.0.0.1:${String(ports.MAIL_UI_PORT)}`;
/**
 * The DynamoDB stand-in, for a journey that moves a stored date back (a day passing), as the
 * integration tests do: the product has no clock to turn.
 */
process.env.E2E_DYNAMODB_URL = `http://127.0.0.1:${String(ports.DYNAMODB_PORT)}`;

export default defineConfig({
  testDir: './e2e',
  // Once the webServer answers: waits for its local inbox too (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  // Twice Playwright's defaults (30 s a test, 5 s an expectation): `npm run test:e2e` runs two
  // consoles, each with its browser, on the 2 cores one had (e2e-groups.mjs), and a sign-in (SRP
  // in the browser) takes up to twice as long: with the defaults, a list that showed just after its
  // 5 s and a test of six sign-ins that ran past 30 s failed on a busy machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failed test keeps a screenshot of the page as it failed, and Playwright's error context
    // (the page's accessibility tree at that moment) beside it in test-results/. Its trace (every
    // action with the page's DOM before and after it) only when asked for, E2E_TRACE=1: recording
    // one for every test, to keep the failed ones', cost a fifth of the journeys' CPU (two spec
    // files: 144 CPU-s with it, 117 without; Chromium's browser process 45 -> 17 s), and the
    // phase is CPU-bound on two cores. Never its screencast (a frame at every paint).
    trace: process.env.E2E_TRACE === '1' ? { mode: 'on', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
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
      // The scheduled jobs every 5 s, not every minute: a reminder a journey made due (its
      // distribution's date moved back) comes within seconds.
      JOBS_EVERY_SECONDS: '5',
      // The journeys count what they made: no simulated partner system adds documents or users.
      SIMULATED_PARTNERS: '0',
    },
  },
});
