// Bundles every Lambda entry (src/handlers/<op>.ts) on its own with esbuild, minified, for
// Node.js 22 on arm64, and prints each bundle's size. CDK (infra/) bundles the same entries the
// same way (AWS SDK v3 left to the runtime, Powertools to the layer of scripts/layer.mjs);
// `npm run bench` uses this to hold each bundle to its 300 KB budget.
import { build } from 'esbuild';
import { readdirSync, statSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const handlersDir = join(root, 'src/handlers');
/** Scheduled jobs (not API operations), bundled the same way. */
const jobsDir = join(root, 'src/jobs');
const NOT_ENTRIES = new Set(['index.ts']);

/**
 * Left out of every bundle and shipped once, in the Lambda layer scripts/layer.mjs builds
 * (`buildPowertoolsLayer`): Powertools (Logger and Metrics load at start, the Tracer with the
 * first SDK client) and the X-Ray SDK the Tracer uses. Bundled, the Tracer and the X-Ray SDK
 * alone would add ~120 KB to every bundle. The runtime resolves a bundle's imports of them from
 * the layer (/opt/nodejs/node_modules); `npm run bench` and the tests from node_modules.
 */
export const LAYER_EXTERNALS = ['@aws-lambda-powertools/*', 'aws-xray-sdk-core'];

/** How every Lambda entry is bundled; infra/lib/bundle.ts deploys with exactly these. */
export const LAMBDA_BUILD_OPTIONS = {
  bundle: true,
  minify: true,
  sourcemap: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  // The Node.js 22 Lambda runtime ships AWS SDK v3; like CDK's NodejsFunction default we use
  // it rather than carry ~320 KB of SDK in every bundle. Powertools comes from the layer (above).
  // Everything else is bundled.
  external: ['@aws-sdk/*', ...LAYER_EXTERNALS],
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
};

const entriesIn = (dir, prefix) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_ENTRIES.has(f))
    .map((f) => ({ name: `${prefix}${f.replace(/\.ts$/, '')}`, path: join(dir, f) }));

export const entries = () => [...entriesIn(handlersDir, ''), ...entriesIn(jobsDir, 'job-')];

export const bundleAll = async (outDir = join(root, 'dist')) => {
  mkdirSync(outDir, { recursive: true });
  const results = [];
  for (const entry of entries()) {
    const outfile = join(outDir, entry.name, 'index.mjs');
    await build({
      ...LAMBDA_BUILD_OPTIONS,
      entryPoints: [entry.path],
      outfile,
      logLevel: 'warning',
    });
    results.push({ name: entry.name, bytes: statSync(outfile).size });
  }
  return results;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await bundleAll();
  for (const r of results) console.log(`${r.name.padEnd(24)} ${(r.bytes / 1024).toFixed(1)} KB`);
}
