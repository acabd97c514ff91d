/**
 * `npm run bench`: measures the budgets we hold ourselves to and prints one line each.
 * - the login route's initial JavaScript (gzip) <= 110 KB
 * - each Lambda bundle (minified) <= 300 KB
 * - `npm start` to a usable login screen (rendered in Chromium) <= 5 s, once installed
 * - with 10,000 users: a user-list page, a search and a filtered, sorted page <= 300 ms (median);
 *   the CSV export of all of them streams: the heap grows by at most 64 MB during it, and about as
 *   much as for a sixth of them (the export holds at most one 5 MiB part, see s3-exports.ts)
 * Exits 1 when a budget is missed. Not part of `npm test`: timings belong here, not in tests.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { REPOSITORY_ROOT } from '@ccsc/mock-server';
import { bundleAll } from '../../lambdas/scripts/bundle.mjs';
import { measureUserList } from './users';

interface Result {
  name: string;
  value: number;
  unit: string;
  budget: number;
}
const results: Result[] = [];
const KB = 1024;

// ---------- the login route's initial JavaScript ----------
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
const measureLoginRoute = () => {
  const dist = join(REPOSITORY_ROOT, 'web', 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error('web/dist has no manifest: run npm run build -w web');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  visit(entry[0]);
  // The login screen is part of the entry (it is prerendered into login.html and hydrated in one
  // pass); should it become a chunk of its own again, that chunk counts too.
  const login = Object.keys(manifest).find((k) =>
    /features\/auth\/components\/login-page\.tsx$/.test(k),
  );
  if (login) visit(login);
  // login.html's own script, which fetches the rest once the screen has painted.
  for (const name of readdirSync(join(dist, 'assets'))) {
    if (/^login-boot-.+\.js$/.test(name)) files.add(`assets/${name}`);
  }
  const bytes = [...files]
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  results.push({
    name: 'login route initial JS (gzip)',
    value: bytes / KB,
    unit: 'KB',
    budget: 110,
  });
};

// ---------- Lambda bundles ----------
const measureLambdas = async () => {
  const out = mkdtempSync(join(tmpdir(), 'ccsc-bundles-'));
  try {
    const bundles = await bundleAll(out);
    for (const b of bundles) {
      results.push({
        name: `lambda bundle ${b.name} (minified)`,
        value: b.bytes / KB,
        unit: 'KB',
        budget: 300,
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};

// ---------- npm start to a usable login screen ----------
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => {
        resolve(port);
      });
    });
  });

const measureStart = async (label: string, dataDir: string) => {
  const ports = {
    PORT: await freePort(),
    COGNITO_PORT: await freePort(),
    SMTP_PORT: await freePort(),
    MAIL_UI_PORT: await freePort(),
    DYNAMODB_PORT: await freePort(),
    S3_PORT: await freePort(),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    const deadline = started + 60_000;
    // Poll over HTTP until the server answers (a browser backs off between refused connections),
    // then load the page as a person would and wait until the login form is there.
    const url = `http://localhost:${ports.PORT}/`;
    for (;;) {
      if (performance.now() > deadline) throw new Error(`console did not start:\n${output}`);
      const up = await fetch(`${url}config.json`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const serverUp = performance.now();
    await page.goto(url);
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 10_000 });
    console.log(
      `${label}: server answering after ${((serverUp - started) / 1000).toFixed(2)} s, ` +
        `login form after ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    results.push({
      name: `npm start to login screen (${label})`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      budget: 5,
    });
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await browser.close();
  }
};

measureLoginRoute();
await measureLambdas();
const dataDir = mkdtempSync(join(tmpdir(), 'ccsc-bench-'));
try {
  await measureStart('first start, empty data folder', dataDir);
  await measureStart('restart, existing data', dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.BENCH_ONLY !== 'start') {
  const usersDir = mkdtempSync(join(tmpdir(), 'ccsc-bench-users-'));
  try {
    results.push(
      ...(await measureUserList(usersDir, (line) => {
        console.log(line);
      })),
    );
  } finally {
    rmSync(usersDir, { recursive: true, force: true });
  }
}

let failed = false;
for (const r of results) {
  const ok = r.value <= r.budget;
  failed ||= !ok;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(52)} ${r.value.toFixed(r.unit === 's' ? 2 : 1).padStart(8)} ${r.unit}  (budget ${r.budget} ${r.unit})`,
  );
}
process.exit(failed ? 1 : 0);
