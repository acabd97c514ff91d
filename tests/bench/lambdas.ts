import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LAMBDA_ENV_NAMES } from '@ccsc/lambdas/env';
import { REPOSITORY_ROOT } from '@ccsc/mock-server';
import { bundleAll } from '@ccsc/lambdas/bundle';
import { buildPowertoolsLayer } from '@ccsc/lambdas/layer';
import { median } from './support';

/**
 * Each Lambda bundle's size (<= 300 KB minified) and its module initialisation, held to 1.2 times
 * the import of the AWS SDK packages that bundle uses, both measured here, in the same run, on
 * the same machine, so that the budget holds on a fast laptop and on a busy CI runner alike (a
 * fixed number of milliseconds did not). The SDK is what a function cannot do without; what we
 * add at start (our code, Powertools' Logger and Metrics) may cost at most a fifth more. Our
 * functions load the SDK on first use (lambdas/docs/runtime.md, "SDK on first use"), so the two do not
 * overlap: the initialisation measured is ours alone.
 */

export interface LambdaResult {
  name: string;
  value: number;
  unit: string;
  budget: number;
}

/** Cold imports per measure, in fresh Node processes; the median counts. */
const RUNS = 5;
/** At most this many times the SDK's import. */
const RATIO = 1.2;
const KB = 1024;

/**
 * Runs in a fresh Node process: the time the `import()` of its arguments takes, one after the
 * other, in ms. A path is a bundle; a bare name an npm package, resolved from the working folder.
 */
const IMPORT_TIMER =
  "const { pathToFileURL } = await import('node:url'); " +
  "const specs = process.argv.slice(1).map((a) => (a.startsWith('/') ? pathToFileURL(a).href : a)); " +
  'const t = performance.now(); for (const s of specs) await import(s); ' +
  'process.stdout.write(String(performance.now() - t));';

/** The environment every function gets (dummy values: initialisation must not call AWS). */
const env = {
  ...process.env,
  ...Object.fromEntries(LAMBDA_ENV_NAMES.map((name) => [name, `bench-${name.toLowerCase()}`])),
  AWS_REGION: 'us-west-2',
};

const importMs = (cwd: string, specs: readonly string[]): number =>
  Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, ...specs], {
      cwd,
      env,
    }),
  );

/**
 * The AWS SDK packages a bundle imports. The bundles leave `@aws-sdk/*` to the runtime, so each
 * stays an import of its own in the output: `from"@aws-sdk/…"`, `import("@aws-sdk/…")` (our
 * accessors load the SDK on first use) or a `require("@aws-sdk/…")` of a CommonJS dependency.
 */
export const sdkPackagesOf = (code: string): string[] => {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:from|import\(|require\()\s*["'](@aws-sdk\/[^"'/]+)/g)) {
    if (match[1] !== undefined) found.add(match[1]);
  }
  return [...found].sort();
};

/** Medians of `RUNS` imports of each, taken in turn so that a busy moment weighs on all alike. */
const medians = (cwd: string, measures: readonly (readonly string[])[]): number[] => {
  const runs = measures.map((): number[] => []);
  for (let i = 0; i < RUNS; i += 1) {
    measures.forEach((specs, m) => runs[m]?.push(importMs(cwd, specs)));
  }
  return runs.map(median);
};

export const measureLambdas = async (): Promise<{ results: LambdaResult[]; notes: string[] }> => {
  const results: LambdaResult[] = [];
  const notes: string[] = [];
  // Under the repository, so a bundle's external AWS SDK resolves from node_modules.
  const dist = join(REPOSITORY_ROOT, 'lambdas', 'dist');
  mkdirSync(dist, { recursive: true });
  const out = mkdtempSync(join(dist, 'bench-'));
  try {
    const bundles = (await bundleAll(out)).map((b) => {
      const file = join(out, b.name, 'index.mjs');
      return { ...b, file, sdk: sdkPackagesOf(readFileSync(file, 'utf8')) };
    });
    // Deployed once, beside the bundles: what they leave external but the AWS SDK.
    const layer = buildPowertoolsLayer(join(out, 'layer'));
    notes.push(`lambda layer (Powertools, X-Ray SDK, jose): ${(layer.bytes / KB).toFixed(1)} KB`);

    // A bundle that uses no SDK is held to the cheapest SDK client alone: the floor.
    const clients = [...new Set(bundles.flatMap((b) => b.sdk))].filter((p) =>
      p.startsWith('@aws-sdk/client-'),
    );
    const clientMs = medians(
      out,
      clients.map((c) => [c]),
    );
    const floorAt = clientMs.indexOf(Math.min(...clientMs));
    const floor = { name: clients[floorAt] ?? '', ms: clientMs[floorAt] ?? 0 };
    notes.push(
      `lambda SDK client imports: ${clients.map((c, i) => `${c.replace('@aws-sdk/', '')} ${(clientMs[i] ?? 0).toFixed(1)} ms`).join(', ')}`,
    );

    for (const b of bundles) {
      results.push({
        name: `lambda bundle ${b.name} (minified)`,
        value: b.bytes / KB,
        unit: 'KB',
        budget: 300,
      });
      const cwd = dirname(b.file);
      const [initMs = 0, sdkMs = 0] = medians(
        cwd,
        b.sdk.length > 0 ? [[b.file], b.sdk] : [[b.file]],
      );
      const against = b.sdk.length > 0 ? sdkMs : floor.ms;
      const what =
        b.sdk.length > 0
          ? b.sdk.map((p) => p.replace('@aws-sdk/', '')).join('+')
          : `no SDK; floor ${floor.name.replace('@aws-sdk/', '')}`;
      results.push({
        name: `lambda init ${b.name}: ${initMs.toFixed(1)} ms / SDK ${against.toFixed(1)} ms (${what})`,
        value: initMs / against,
        unit: '×',
        budget: RATIO,
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return { results, notes };
};
