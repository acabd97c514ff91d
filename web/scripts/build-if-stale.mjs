// `npm run build`: runs `vite build` only when web/dist is missing or older than its inputs, so the
// root `prepare` and `npm test` do not rebuild an unchanged app. `npm run build:force` always builds.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'package.json',
  '../lambdas/contract/src',
  '../lambdas/formats/src',
].map((p) => join(web, p));
const builtMarker = join(web, 'dist', 'index.html');

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
};

/** The newest modification time of a file or of any file under a folder (0 if absent). */
const newestUnder = (path) => {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestUnder(join(path, entry)));
  }
  return newest;
};

/**
 * Builds web/dist when it is missing or older than its inputs; returns the exit status (0 when
 * nothing needed doing). `npm start` calls it in its own process, sparing a second Node start-up.
 */
export const buildWebIfStale = () => {
  const builtAt = mtimeOf(builtMarker);
  const changedAt = Math.max(...inputs.map(newestUnder));
  if (builtAt !== null && builtAt >= changedAt) {
    console.log('web: dist is up to date, skipping vite build (npm run build:force to rebuild).');
    return 0;
  }
  console.log(builtAt === null ? 'web: no dist yet, building.' : 'web: sources changed, building.');
  const require = createRequire(import.meta.url);
  const vitePackage = require.resolve('vite/package.json');
  const viteBin = join(
    dirname(vitePackage),
    JSON.parse(readFileSync(vitePackage, 'utf8')).bin.vite,
  );
  // Always the production build: a NODE_ENV of the caller's (a test runner's 'test', a shell's
  // 'development') would otherwise give React's development build, far over the size budget.
  const result = spawnSync(process.execPath, [viteBin, 'build'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return result.status ?? 1;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildWebIfStale());
