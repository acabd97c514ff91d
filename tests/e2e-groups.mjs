// `npm run test:e2e` (root): the Playwright journeys in two groups at once, each group a
// `playwright test` of its own with its own offline console (playwright.config.ts's webServer),
// on its own ports (E2E_PORT_OFFSET, plus 50 for the second group), its own data folder, its own
// test-results and HTML report folders. One console runs the journeys one at a time and mostly
// waits (on the browser, on the console, on the scan), so on two cores two consoles take about
// half the time of one. The output is scripts/run-parallel.mjs's: each group's whole, once it
// ends; the exit status is 1 when either group failed.
//
// The groups are balanced by each spec file's time in one run (SECONDS). Every spec file in e2e/
// must have its entry there and every entry its file: a new spec is never silently left out of
// `npm test`, it fails here until it is given its time.
//
// Usage: node e2e-groups.mjs [--list]   (--list: print the groups, run nothing)
// One spec file on its own is still `npm run test:e2e -w tests -- e2e/<file>`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Each spec file's time in one `playwright test` run on one console (seconds: the sum of its
 * tests' times as the list reporter prints them; a 2-core machine, the whole e2e phase,
 * December 2026). Only the proportions matter: a rough figure for a new file
 * does, and it is measured again with the next full run.
 */
const SECONDS = {
  'api-reference.spec.ts': 5,
  'credentials.spec.ts': 22,
  'dashboard.spec.ts': 26,
  'document-requests.spec.ts': 53,
  'documents-returns.spec.ts': 56,
  'documents.spec.ts': 51,
  'journey.spec.ts': 69,
  'organisation-screens.spec.ts': 48,
  'organisations-journey.spec.ts': 34,
  'recovery-forgot-password.spec.ts': 16,
  'recovery-forgot-totp.spec.ts': 14,
  'registry.spec.ts': 33,
  'session-guards.spec.ts': 10,
  'session-idle.spec.ts': 16,
  'session-logout.spec.ts': 29,
  'shell.spec.ts': 39,
  'sign-in.spec.ts': 44,
  'standards.spec.ts': 72,
  'users.spec.ts': 18,
  'route-walk.spec.ts': 110,
  'route-walk-site.spec.ts': 115,
  'webhooks.spec.ts': 19,
};
const GROUPS = 2;
/**
 * The second console's ports this far above the first's: none of one is one of the other's
 * (playwright.config.ts: 3310, 9310, 1310, 1320, 8310, 4310), and a run stays within the 100
 * ports above its E2E_PORT_OFFSET.
 */
const OFFSET_STEP = 50;

const here = dirname(fileURLToPath(import.meta.url));
const specs = readdirSync(join(here, 'e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
const unlisted = specs.filter((name) => !Object.hasOwn(SECONDS, name));
const gone = Object.keys(SECONDS).filter((name) => !specs.includes(name));
if (unlisted.length > 0 || gone.length > 0) {
  for (const name of unlisted) {
    console.error(`e2e-groups: e2e/${name} has no time in tests/e2e-groups.mjs (SECONDS): add it`);
  }
  for (const name of gone) {
    console.error(`e2e-groups: tests/e2e-groups.mjs lists ${name}, which is not in e2e/`);
  }
  process.exit(2);
}
const unsafe = specs.filter((name) => !/^[a-z0-9-]+\.spec\.ts$/u.test(name));
if (unsafe.length > 0) {
  console.error(`e2e-groups: spec file names must be kebab-case: ${unsafe.join(', ')}`);
  process.exit(2);
}

// The longest file first, each to the group with the least time so far.
const groups = Array.from({ length: GROUPS }, () => ({ seconds: 0, files: [] }));
for (const name of [...specs].sort((a, b) => SECONDS[b] - SECONDS[a] || a.localeCompare(b))) {
  const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  lightest.seconds += SECONDS[name];
  lightest.files.push(`e2e/${name}`);
}

if (process.argv.includes('--list')) {
  groups.forEach((g, i) => {
    console.log(`group ${String(i + 1)} (about ${String(g.seconds)} s): ${g.files.join(' ')}`);
  });
  process.exit(0);
}

const base = Number(process.env.E2E_PORT_OFFSET ?? '0');
if (!Number.isInteger(base) || base < 0) {
  console.error('e2e-groups: E2E_PORT_OFFSET must be a whole number of at least 0');
  process.exit(2);
}
// A data folder given by the caller is shared by neither group: each gets a folder inside it.
const dataDir = process.env.E2E_DATA_DIR;
const commands = groups.map((g, i) => {
  const n = String(i + 1);
  const env = [
    `E2E_PORT_OFFSET=${String(base + i * OFFSET_STEP)}`,
    `PLAYWRIGHT_HTML_OUTPUT_DIR=playwright-report/group-${n}`,
    ...(dataDir ? [`E2E_DATA_DIR=${JSON.stringify(join(dataDir, `group-${n}`))}`] : []),
  ];
  return `cd tests && env ${env.join(' ')} npx playwright test --output test-results/group-${n} ${g.files.join(' ')}`;
});
const result = spawnSync(
  process.execPath,
  [join(here, '..', 'scripts', 'run-parallel.mjs'), '--jobs', String(GROUPS), ...commands],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
