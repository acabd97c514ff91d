import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync, version as esbuildVersion } from 'esbuild';
import { LAMBDA_BUILD_OPTIONS } from '@ccsc/lambdas/bundle';
import { REPOSITORY_ROOT } from './paths';

/**
 * Bundles a Lambda entry with esbuild, in this process, never in Docker — with the settings
 * lambdas/scripts/bundle.mjs exports (minified, Node 22 syntax, ESM, AWS SDK v3 left to the runtime, a
 * require() for CommonJS dependencies, a linked source map), so what `npm run bench` measures is
 * what deploys.
 *
 * Thirty functions share three entries today; each distinct entry is bundled once, and the
 * directory is reused by every function that runs it (measured: ~0.3 s per entry, against ~1 s
 * per *function* for NodejsFunction's own bundling) — and by the next process, as long as no file
 * the bundle was made of has changed (`Made`, below).
 *
 * The output goes to a content-addressed directory: identical sources give an identical folder,
 * so the asset hash (and so the deployed code) only changes when the bundle does, and parallel
 * test workers can never half-overwrite one another's files.
 */

/** Where the bundle claims to live: fixed, so source-map paths do not depend on the machine. */
const VIRTUAL_OUT_DIR = join(REPOSITORY_ROOT, 'lambdas', 'dist');
const BUNDLES_DIR = join(tmpdir(), 'ccsc-lambda-bundles');

const cache = new Map<string, string>();

const sha256 = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

/** Each file's content hash, read once per process (the entries share most of their inputs). */
const fileHashes = new Map<string, string | null>();
const hashOfFile = (path: string): string | null => {
  let hash = fileHashes.get(path);
  if (hash === undefined) {
    try {
      hash = sha256(readFileSync(join(REPOSITORY_ROOT, path)));
    } catch {
      hash = null; // gone: the bundle that read it is out of date
    }
    fileHashes.set(path, hash);
  }
  return hash;
};

/**
 * What a bundle was made of: every file esbuild read (its metafile's inputs, node_modules
 * included), each with its content hash, and the folder the bundle went to. Another process
 * (`cdk synth`, a test that runs the app as the CLI does) whose entry, options and inputs are
 * the same takes that folder instead of bundling again: bundling is most of a synthesis's CPU
 * (sit: 21 of 34 s).
 */
interface Made {
  inputs: Record<string, string>;
  dir: string;
}

/**
 * What decides how esbuild resolves and shakes an import without being one of its inputs: the
 * lock file (the packages installed), each workspace's package.json (`exports`, `imports`,
 * `sideEffects`) and the tsconfig files. A change to any makes every bundle anew. (A file added
 * where an import would now resolve to it, `x.tsx` beside `x.ts`, is not seen: delete
 * $TMPDIR/ccsc-lambda-bundles after such a move.)
 */
const RESOLUTION_FILES = [
  'package-lock.json',
  'package.json',
  'tsconfig.base.json',
  ...['lambdas', 'lambdas/contract', 'lambdas/formats', 'infra'].flatMap((ws) => [
    `${ws}/package.json`,
    `${ws}/tsconfig.json`,
  ]),
];

const madeFile = (entryPath: string): string =>
  join(
    BUNDLES_DIR,
    'made',
    `${sha256(
      JSON.stringify([
        entryPath,
        VIRTUAL_OUT_DIR,
        LAMBDA_BUILD_OPTIONS,
        esbuildVersion,
        RESOLUTION_FILES.map(hashOfFile),
      ]),
    )}.json`,
  );

const stillMade = (entryPath: string): string | undefined => {
  let made: Made;
  try {
    made = JSON.parse(readFileSync(madeFile(entryPath), 'utf8')) as Made;
  } catch {
    return undefined;
  }
  const current = Object.entries(made.inputs).every(([path, hash]) => hashOfFile(path) === hash);
  return current && existsSync(join(made.dir, 'index.mjs')) ? made.dir : undefined;
};

/** Writes `contents` to `path` whole or not at all (another process may be reading it). */
const writeWhole = (path: string, contents: string | Uint8Array) => {
  const staging = `${path}.${String(process.pid)}.tmp`;
  writeFileSync(staging, contents);
  renameSync(staging, path);
};

export const bundleEntry = (entryPath: string): string => {
  const cached = cache.get(entryPath) ?? stillMade(entryPath);
  if (cached !== undefined) {
    cache.set(entryPath, cached);
    return cached;
  }

  const name = basename(entryPath).replace(/\.ts$/, '');
  const buildStarted = Date.now();
  const result = buildSync({
    entryPoints: [entryPath],
    outfile: join(VIRTUAL_OUT_DIR, name, 'index.mjs'),
    ...LAMBDA_BUILD_OPTIONS,
    write: false,
    metafile: true,
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
  const dir = join(BUNDLES_DIR, `${name}-${hash.digest('hex').slice(0, 16)}`);

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
  // The inputs, hashed once esbuild has read them. One saved since the build began may have been
  // read before the save: then nothing is recorded, and the next process bundles again.
  const inputs: Record<string, string> = {};
  let savedMeanwhile = false;
  for (const path of Object.keys(result.metafile.inputs)) {
    const inputHash = hashOfFile(path);
    if (inputHash === null) continue;
    inputs[path] = inputHash;
    if (statSync(join(REPOSITORY_ROOT, path)).mtimeMs >= buildStarted) savedMeanwhile = true;
  }
  if (!savedMeanwhile) {
    mkdirSync(join(BUNDLES_DIR, 'made'), { recursive: true });
    writeWhole(madeFile(entryPath), JSON.stringify({ inputs, dir } satisfies Made));
  }
  cache.set(entryPath, dir);
  return dir;
};
