import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../lib/paths';

/** bundleEntry in a process of its own, as `cdk synth` and the tests' CLI runs call it. */
const bundleInNewProcess = (entry: string): string => {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { bundleEntry } from ${JSON.stringify(join(REPOSITORY_ROOT, 'infra', 'lib', 'bundle.ts'))};
       console.log(bundleEntry(${JSON.stringify(entry)}));`,
    ],
    { cwd: join(REPOSITORY_ROOT, 'infra'), encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
};

const MADE = join(tmpdir(), 'ccsc-lambda-bundles', 'made');

/** The records of bundles made of files in `source` (other processes may record theirs). */
const madeRecords = (source: string) => {
  const from = relative(REPOSITORY_ROOT, source);
  return Object.fromEntries(
    readdirSync(MADE)
      .filter((name) =>
        readFileSync(join(MADE, name), 'utf8').includes(JSON.stringify(from).slice(1, -1)),
      )
      .map((name) => [name, statSync(join(MADE, name)).mtimeMs]),
  );
};

describe('a Lambda bundle made in one process', () => {
  it('is taken as it is by the next while its files are unchanged, and made again when one changes', () => {
    const source = mkdtempSync(join(tmpdir(), 'ccsc-bundle-test-'));
    const entry = join(source, 'entry.ts');
    writeFileSync(join(source, 'greeting.ts'), "export const greeting = 'first version';\n");
    writeFileSync(
      entry,
      "import { greeting } from './greeting';\nexport const handler = async () => greeting;\n",
    );

    const made: string[] = [source];
    try {
      const first = bundleInNewProcess(entry);
      made.push(first);
      expect(readFileSync(join(first, 'index.mjs'), 'utf8')).toContain('first version');
      const recorded = madeRecords(source);
      expect(Object.keys(recorded)).toHaveLength(1);

      // Unchanged: the same folder, and nothing bundled or recorded again.
      expect(bundleInNewProcess(entry)).toBe(first);
      expect(madeRecords(source)).toEqual(recorded);

      // A file the entry imports changed: a new bundle, with the change in it.
      writeFileSync(join(source, 'greeting.ts'), "export const greeting = 'second version';\n");
      const second = bundleInNewProcess(entry);
      made.push(second);
      expect(second).not.toBe(first);
      expect(readFileSync(join(second, 'index.mjs'), 'utf8')).toContain('second version');
    } finally {
      // Its bundles and records name a folder no later run makes again.
      for (const record of Object.keys(madeRecords(source))) made.push(join(MADE, record));
      for (const path of made) rmSync(path, { recursive: true, force: true });
    }
  });
});
