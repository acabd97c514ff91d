import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, LAMBDA_BUILD_OPTIONS, LAYER_EXTERNALS } from '../scripts/bundle.mjs';
import { buildPowertoolsLayer } from '../scripts/layer.mjs';

/**
 * The Powertools layer (scripts/layer.mjs) is what the bundles need besides the AWS SDK: it is
 * built into a folder outside the repository (so nothing of node_modules can be found from it),
 * every entry is bundled as deployed, and each package a bundle leaves to the layer must be in
 * it and load, with everything it needs, from the layer alone.
 */

/** Imports every specifier given, then prints where each resolved and every file loaded. */
const PROBE = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({
  resolve(specifier, context, next) {
    const found = next(specifier, context);
    loaded.push(found.url);
    return found;
  },
});
const resolved = {};
for (const specifier of process.argv.slice(2)) {
  await import(specifier);
  resolved[specifier] = import.meta.resolve(specifier);
}
process.stdout.write(JSON.stringify({ resolved, loaded }));
`;

const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

let layer: string;
let bytes: number;
/** What the bundles import but do not carry, besides the AWS SDK and Node's own modules. */
let fromLayer: string[];

beforeAll(async () => {
  layer = realpathSync(mkdtempSync(join(tmpdir(), 'ccsc-powertools-layer-')));
  ({ bytes } = buildPowertoolsLayer(layer));
  const all = entries();
  const result = await build({
    ...LAMBDA_BUILD_OPTIONS,
    sourcemap: false,
    entryPoints: Object.fromEntries(all.map((e) => [`${e.name}/index`, e.path])),
    outdir: join(layer, 'bundles'),
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const external = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  );
  fromLayer = [...new Set(external)]
    .filter((path) => !path.startsWith('@aws-sdk/'))
    .filter((path) => !path.startsWith('node:') && !builtinModules.includes(path))
    .sort();
}, 120_000);

afterAll(() => {
  rmSync(layer, { recursive: true, force: true });
});

describe('the Powertools layer', () => {
  it('holds every package the bundles leave to it', () => {
    // Logger and Metrics at start, the Tracer with the first SDK client.
    expect(fromLayer).toEqual(
      expect.arrayContaining([
        '@aws-lambda-powertools/logger',
        '@aws-lambda-powertools/metrics',
        '@aws-lambda-powertools/tracer',
      ]),
    );
    for (const specifier of fromLayer) {
      expect(
        existsSync(join(layer, 'nodejs', 'node_modules', packageOf(specifier), 'package.json')),
        specifier,
      ).toBe(true);
    }
    expect(bytes).toBeGreaterThan(100_000);
  });

  it('loads each of them, and all they need, from the layer alone', () => {
    const probe = join(layer, 'nodejs', 'probe.mjs');
    writeFileSync(probe, PROBE);
    const named = LAYER_EXTERNALS.filter((pattern) => !pattern.endsWith('/*'));
    const specifiers = [...new Set([...fromLayer, ...named])];
    const env = { ...process.env };
    delete env.NODE_PATH;
    const out = JSON.parse(
      execFileSync(process.execPath, [probe, ...specifiers], { cwd: layer, env, encoding: 'utf8' }),
    ) as { resolved: Record<string, string>; loaded: string[] };
    const inLayer = pathToFileURL(join(layer, 'nodejs', 'node_modules')).href;
    for (const specifier of specifiers) {
      expect(out.resolved[specifier], specifier).toMatch(new RegExp(`^${inLayer}/`));
    }
    const outside = out.loaded.filter((url) => url.startsWith('file:') && !url.startsWith(inLayer));
    expect(outside).toEqual([]);
    // The X-Ray SDK's own dependencies were loaded, from the layer.
    expect(out.loaded.some((url) => url.includes('/node_modules/cls-hooked/'))).toBe(true);
  });

  it('is the same folder every time it is built from the same packages', () => {
    const again = realpathSync(mkdtempSync(join(tmpdir(), 'ccsc-powertools-layer-')));
    try {
      const digest = (root: string) => {
        const hash = createHash('sha256');
        const walk = (dir: string): void => {
          for (const name of readdirSync(dir).sort()) {
            const path = join(dir, name);
            const stat = statSync(path);
            hash.update(`${relative(root, path)} ${String(stat.mtimeMs)}\n`);
            if (stat.isDirectory()) walk(path);
            else hash.update(readFileSync(path));
          }
        };
        walk(join(root, 'nodejs', 'node_modules'));
        return hash.digest('hex');
      };
      expect(buildPowertoolsLayer(again).bytes).toBe(bytes);
      expect(digest(again)).toBe(digest(layer));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});
