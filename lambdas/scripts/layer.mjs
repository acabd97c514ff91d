// Builds the one Lambda layer every function carries: the packages the bundles leave external
// beside the AWS SDK (LAYER_EXTERNALS of scripts/bundle.mjs: Powertools' Logger, Metrics and
// Tracer, the X-Ray SDK), with everything they need at run time, copied from node_modules into
// `<outDir>/nodejs/node_modules/`, where the Lambda runtime resolves a bundle's imports
// (/opt/nodejs/node_modules). infra deploys the folder as a LayerVersion; `npm run bench`
// prints its size.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYER_EXTERNALS } from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Declared by a package of the layer, but nothing of them is loaded at run time, so they are
 * left out: type declarations, and @aws-sdk/types, which aws-xray-sdk-core names for its
 * TypeScript types only (its code never requires it; the runtime ships the SDK anyway). What
 * the X-Ray SDK does require (@smithy/service-error-classification 2.x, whose major the
 * runtime's SDK does not carry) is in the layer.
 */
const NOT_AT_RUN_TIME = (name) => name.startsWith('@types/') || name === '@aws-sdk/types';

/** Files no code loads: type declarations and source maps. */
const NOT_LOADED = /\.(d\.[cm]?ts|map)$/;

/** Every file's time in the layer: fixed, so the same packages give the same folder (and zip). */
const FIXED_TIME = new Date('2000-01-01T00:00:00Z');

const matches = (name, pattern) =>
  pattern.endsWith('/*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/** Node's lookup of a package from a folder: `node_modules/<name>` here or in a parent. */
const findPackage = (name, from) => {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return null;
  }
};

const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** The layer's own packages: the lambdas' dependencies LAYER_EXTERNALS names, and those named. */
const rootPackages = () => {
  const declared = Object.keys(manifestOf(root).dependencies ?? {});
  const wildcardMatches = declared.filter((name) =>
    LAYER_EXTERNALS.some((pattern) => matches(name, pattern)),
  );
  const named = LAYER_EXTERNALS.filter((pattern) => !pattern.endsWith('/*'));
  return [...new Set([...wildcardMatches, ...named])].sort();
};

/**
 * Every package the roots need at run time, as Node resolves it from where each one is installed
 * (`dependencies`, `optionalDependencies` when installed, required `peerDependencies`): folder →
 * its path under node_modules (`aws-xray-sdk-core/node_modules/semver` for a nested copy).
 */
export const layerPackages = () => {
  const found = new Map();
  const visit = (name, from, neededBy) => {
    if (NOT_AT_RUN_TIME(name)) return;
    const dir = findPackage(name, from);
    if (dir === null) throw new Error(`${neededBy} needs ${name}, which is not installed.`);
    if (found.has(dir)) return;
    const at = dir.indexOf(`${sep}node_modules${sep}`);
    found.set(
      dir,
      dir
        .slice(at + `${sep}node_modules${sep}`.length)
        .split(sep)
        .join('/'),
    );
    const manifest = manifestOf(dir);
    const optionalPeers = new Set(
      Object.entries(manifest.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta?.optional === true)
        .map(([peer]) => peer),
    );
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, name);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
      if (findPackage(dep, dir) !== null) visit(dep, dir, name);
    }
    for (const dep of Object.keys(manifest.peerDependencies ?? {})) {
      if (!optionalPeers.has(dep)) visit(dep, dir, name);
    }
  };
  for (const name of rootPackages()) visit(name, root, 'lambdas/package.json');
  const paths = [...found.values()];
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined) throw new Error(`Two installed copies would both go to ${twice}.`);
  return [...found.entries()].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
};

/** A package's files, sorted, its own node_modules left out (what it needs is a package above). */
const filesOf = (dir, prefix = '') =>
  readdirSync(join(dir, prefix), { withFileTypes: true })
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => {
      const path = prefix === '' ? name : `${prefix}/${name}`;
      if (path === 'node_modules') return [];
      if (statSync(join(dir, path)).isDirectory()) return filesOf(dir, path);
      return NOT_LOADED.test(name) ? [] : [path];
    });

/**
 * Writes the layer into `<outDir>/nodejs/node_modules/` (emptied first) and answers the folder
 * to deploy (`outDir`, holding `nodejs/`) and its size in bytes. The same packages installed give
 * the same files, bytes and times.
 */
export const buildPowertoolsLayer = (outDir) => {
  const modules = join(outDir, 'nodejs', 'node_modules');
  rmSync(join(outDir, 'nodejs'), { recursive: true, force: true });
  let bytes = 0;
  const dirs = new Set([join(outDir, 'nodejs'), modules]);
  for (const [source, path] of layerPackages()) {
    for (const file of filesOf(source)) {
      const target = join(modules, ...path.split('/'), ...file.split('/'));
      for (let d = dirname(target); d.startsWith(modules) && !dirs.has(d); d = dirname(d)) {
        dirs.add(d);
      }
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(source, file), target);
      utimesSync(target, FIXED_TIME, FIXED_TIME);
      bytes += statSync(target).size;
    }
  }
  for (const d of dirs) utimesSync(d, FIXED_TIME, FIXED_TIME);
  return { dir: outDir, bytes };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? join(root, 'dist', 'layer');
  const { dir, bytes } = buildPowertoolsLayer(outDir);
  for (const [, path] of layerPackages()) console.log(`  ${path}`);
  console.log(`layer ${dir}: ${(bytes / 1024).toFixed(1)} KB`);
}
