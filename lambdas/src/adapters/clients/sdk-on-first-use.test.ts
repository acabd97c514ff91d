import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, LAMBDA_BUILD_OPTIONS } from '../../../scripts/bundle.mjs';
import { LAMBDA_ENV_NAMES } from '../../env';

/**
 * No Lambda loads an AWS SDK package when it starts (docs/runtime.md, "SDK on first use"), nor the
 * Tracer and the X-Ray SDK that come with the first client (./tracer.ts): every entry is bundled
 * as it is deployed, then imported in a fresh Node process whose resolve hook records every
 * `@aws-sdk/*`, `@aws-lambda-powertools/tracer`, `aws-xray-sdk-core` and `jose` (the partner
 * functions' token check, http/access-tokens.ts) specifier resolved. A
 * static import of one anywhere an entry reaches (an adapter, the wiring, a feature) is resolved
 * at import and fails this; `import()` inside a call is not. A probe with one static SDK import
 * shows that the hook does see one.
 */
const HOOKED_IMPORTS = `
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const resolved = [];
registerHooks({
  resolve(specifier, context, next) {
    if (
      specifier.startsWith('@aws-sdk/') ||
      specifier === '@aws-lambda-powertools/tracer' ||
      specifier === 'aws-xray-sdk-core' ||
      specifier === 'jose'
    ) {
      resolved.push(specifier);
    }
    return next(specifier, context);
  },
});
const out = {};
for (const file of process.argv.slice(1)) {
  const before = resolved.length;
  await import(pathToFileURL(file).href);
  out[file] = resolved.slice(before);
}
process.stdout.write(JSON.stringify(out));
`;

// Under the workspace, so that a bundle's external SDK resolves from node_modules as in bench.
const dist = join(import.meta.dirname, '..', '..', '..', 'dist');
let dir: string;
let bundles: { name: string; file: string }[];
let probe: string;

beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  dir = mkdtempSync(join(dist, 'sdk-on-first-use-'));
  const all = entries();
  await build({
    ...LAMBDA_BUILD_OPTIONS,
    sourcemap: false,
    minify: false,
    entryPoints: Object.fromEntries(all.map((e) => [`${e.name}/index`, e.path])),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  bundles = all.map((e) => ({ name: e.name, file: join(dir, e.name, 'index.mjs') }));
  probe = join(dir, 'probe.mjs');
  writeFileSync(probe, "import '@aws-sdk/client-sesv2';\n");
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('SDK on first use', () => {
  it('importing a Lambda entry resolves no @aws-sdk/* module, nor the Tracer', () => {
    const env = {
      ...process.env,
      ...Object.fromEntries(LAMBDA_ENV_NAMES.map((name) => [name, `test-${name.toLowerCase()}`])),
      AWS_REGION: 'us-west-2',
    };
    const files = [...bundles.map((b) => b.file), probe];
    const out = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', HOOKED_IMPORTS, ...files], {
        env,
        encoding: 'utf8',
      }),
    ) as Record<string, string[]>;
    expect(bundles.length).toBeGreaterThan(20);
    expect(out[probe]).toContain('@aws-sdk/client-sesv2');
    const loaded: Record<string, string[]> = {};
    for (const b of bundles) {
      const sdk = out[b.file] ?? ['(not imported)'];
      if (sdk.length > 0) loaded[b.name] = sdk;
    }
    expect(loaded).toEqual({});
  }, 60_000);
});
