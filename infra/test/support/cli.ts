import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ConfigError } from '../../lib/config';
import { REPOSITORY_ROOT } from '../../lib/paths';
import { CDK_JSON } from './stacks';

/**
 * bin/app.ts run as the CDK CLI runs it: cdk.json's context plus `context` (what `-c` gives),
 * writing the cloud assembly to `outdir` (by default a folder nothing is written to when the
 * app stops before synthesis).
 */
export const runApp = (
  context: Record<string, unknown>,
  outdir = join(REPOSITORY_ROOT, 'infra', 'node_modules', '.never-written'),
  timeout = 60_000,
): SpawnSyncReturns<string> =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPOSITORY_ROOT, 'infra', 'bin', 'app.ts')],
    {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        CDK_CONTEXT_JSON: JSON.stringify({ ...CDK_JSON.context, ...context }),
        CDK_OUTDIR: outdir,
      },
      timeout,
    },
  );

/** The message of the ConfigError `fn` throws (and fails the test when it throws none). */
export const configErrorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};
