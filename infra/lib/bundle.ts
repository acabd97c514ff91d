import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';
import { LAMBDA_BUILD_OPTIONS } from '@ccsc/lambdas/bundle';
import { REPOSITORY_ROOT } from './paths';

/**
 * Bundles a Lambda entry with esbuild, in this process, never in Docker — with the settings
 * lambdas/scripts/bundle.mjs exports (minified, Node 22 syntax, ESM, AWS SDK v3 left to the runtime, a
 * require() for CommonJS dependencies, a linked source map), so what `npm run bench` measures is
 * what deploys.
 *
 * Thirty functions share three entries today; each distinct entry is bundled once per process and
 * the directory is reused by every function that runs it (measured: ~0.3 s per entry, against
 * ~1 s per *function* for NodejsFunction's own bundling).
 *
 * The output goes to a content-addressed directory: identical sources give an identical folder,
 * so the asset hash (and so the deployed code) only changes when the bundle does, and parallel
 * test workers can never half-overwrite one another's files.
 */

/** Where the bundle claims to live: fixed, so source-map paths do not depend on the machine. */
const VIRTUAL_OUT_DIR = join(REPOSITORY_ROOT, 'lambdas', 'dist');

const cache = new Map<string, string>();

export const bundleEntry = (entryPath: string): string => {
  const cached = cache.get(entryPath);
  if (cached !== undefined) return cached;

  const name = basename(entryPath).replace(/\.ts$/, '');
  const result = buildSync({
    entryPoints: [entryPath],
    outfile: join(VIRTUAL_OUT_DIR, name, 'index.mjs'),
    ...LAMBDA_BUILD_OPTIONS,
    write: false,
    logLevel: 'silent',
    absWorkingDir: REPOSITORY_ROOT,
  });
  if (result.errors.length > 0) {
    throw new Error(
      `esbuild could not bundle ${entryPath}: ${result.errors.map((e) => e.text).join('; ')}`,
    );
  }

  const hash = createHash('sha256');
  const files = result.outputFiles.map((f) => ({ name: basename(f.path), contents: f.contents }));
  for (const f of files) hash.update(f.name).update(f.contents);
  const dir = join(tmpdir(), 'ccsc-lambda-bundles', `${name}-${hash.digest('hex').slice(0, 16)}`);

  if (!existsSync(join(dir, 'index.mjs'))) {
    const staging = `${dir}.${String(process.pid)}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    for (const f of files) writeFileSync(join(staging, f.name), f.contents);
    try {
      renameSync(staging, dir);
    } catch {
      // Another process finished the same bundle first; its copy is identical.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  cache.set(entryPath, dir);
  return dir;
};
