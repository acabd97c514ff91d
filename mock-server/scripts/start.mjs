// `npm start`: bring the web build and the server bundle up to date (each only when stale), then
// run the console in THIS process. The server is bundled with esbuild (src and @ccsc/lambdas, npm
// packages left to node) rather than run through tsx: it starts about half a second sooner, which
// the 5 s start-up budget needs on a 2-core machine. The bundle is split at its dynamic imports:
// in one file, esbuild hoists every npm import to the top, so a console whose stand-ins run
// elsewhere (docker-compose.yml, the crash tests) still loaded cognito-local, s3rver and dynalite;
// split, each chunk loads its packages when it is imported (a start on external stand-ins: 3.2 ->
// 2.5 s of CPU, the crash tests' every restart).
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const mockServer = join(here, '..');
const root = join(mockServer, '..');
const outdir = join(mockServer, 'dist');
const outfile = join(outdir, 'server.mjs');
// docker-compose.yml's image runs every service through the second: `standalone.mjs <role>`. The
// third and fourth are worker threads loaded by URL next to them: dynalite's
// (src/services/dynamodb.ts) and the scan result's function (src/scan-result-thread.ts).
const ENTRIES = {
  server: 'server.ts',
  standalone: 'standalone.ts',
  'dynamodb-thread': 'services/dynamodb-thread.ts',
  'scan-result-worker': 'scan-result-worker.ts',
};
const outputs = Object.keys(ENTRIES).map((name) => join(outdir, `${name}.mjs`));

const newest = (path) => {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
};

export const buildServerIfStale = async () => {
  const inputs = [
    join(mockServer, 'src'),
    join(mockServer, 'package.json'),
    join(root, 'lambdas', 'src'),
    // The contract is bundled too: a changed schema must rebuild the server.
    join(root, 'lambdas', 'contract', 'src'),
    join(root, 'lambdas', 'formats', 'src'),
  ];
  let built = 0;
  try {
    built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  } catch {
    // not built yet
  }
  if (built > Math.max(...inputs.map(newest))) return false;
  // Chunks are named by their content: last build's would stay beside this one's.
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const { build } = await import('esbuild');
  await build({
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({
      in: join(mockServer, 'src', source),
      out,
    })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    splitting: true,
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay in node_modules; only our own TypeScript is bundled.
        name: 'externalise-npm-packages',
        setup(b) {
          // A workspace's own subpath imports (#name) are resolved by esbuild in that workspace, and
          // what they name is bundled: @ccsc/formats' #csv-parse brings csv-parse (about 30 KB).
          b.onResolve({ filter: /^[^./#]/ }, (args) =>
            args.path.startsWith('@ccsc/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // The mail catcher's worker is loaded by URL next to the bundle, with the one module it imports.
  for (const file of ['mail-worker.mjs', 'atomic-file.mjs']) {
    copyFileSync(join(mockServer, 'src', 'services', file), join(outdir, file));
  }
  return true;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { buildWebIfStale } = await import(
    pathToFileURL(join(root, 'web', 'scripts', 'build-if-stale.mjs')).href
  );
  const webStatus = buildWebIfStale();
  if (webStatus !== 0) process.exit(webStatus);
  mkdirSync(outdir, { recursive: true });
  await buildServerIfStale();
  // `--build-only`: what the root `prepare` runs at install, so the first start is as quick.
  if (!process.argv.includes('--build-only')) {
    // cognito-local loads aws-sdk v2, whose end-of-support notice fires on a timer that can run
    // while the bundle's imports still load, before src/cognito/quiet-aws-sdk-v2.ts gets to
    // switch it off. The SDK's documented variable silences it from the start.
    process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
    // V8's compiled code of the bundle and its packages, kept on disk for the next start (Node's
    // compile cache; an entry whose source changed is not used). Written once the console is up,
    // not at exit: a console killed with SIGKILL (the crash tests restart one hundreds of times) never
    // exits. Measured on a start beside external stand-ins: 1.9 -> 1.6 s of CPU.
    // (Node 22.1 / 22.10 on: an earlier 22 starts without the cache.)
    nodeModule.enableCompileCache?.(join(root, 'node_modules', '.cache', 'ccsc-compile'));
    await import(pathToFileURL(outfile).href);
    nodeModule.flushCompileCache?.();
  }
}
