import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fidelityTargets } from './fidelity';

/**
 * The table of Cognito operations (mock-server/docs/cognito.md) must name every operation the
 * product calls: the AWS SDK commands under lambdas/ and mock-server/ (provisioning), and the
 * Cognito calls behind each Amplify auth API the web app uses, found by reading Amplify's own
 * code. A new call that nobody checked against the offline stack fails here.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const COGNITO_SDK = '@aws-sdk/client-cognito-identity-provider';

/** The commands imported from the Cognito SDK, as operation names. */
const sdkOperations = (dir: string) => {
  const ops = new Set<string>();
  const imports = new RegExp(
    `import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*'${COGNITO_SDK}'`,
    'g',
  );
  for (const file of sourceFiles(dir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(imports)) {
      for (const name of (m[1] as string).matchAll(/\b(\w+)Command\b/g)) ops.add(name[1] as string);
    }
  }
  return ops;
};

const amplifyAuthDist = () => {
  const fromWeb = createRequire(join(repo, 'web/package.json'));
  const amplifyDir = dirname(fromWeb.resolve('aws-amplify/package.json'));
  const auth = createRequire(join(amplifyDir, 'package.json')).resolve('@aws-amplify/auth');
  // …/dist/cjs/index.js → …/dist/esm/
  return join(dirname(auth), '../esm');
};

/** Cognito clients Amplify's module `file` can reach through its relative imports. */
const amplifyClients = (file: string, seen = new Set<string>(), ops = new Set<string>()) => {
  if (seen.has(file) || !existsSync(file)) return ops;
  seen.add(file);
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(/\bcreate([A-Z]\w+)Client\b/g)) ops.add(m[1] as string);
  for (const m of src.matchAll(/from '(\.[^']+)'/g)) {
    amplifyClients(resolve(dirname(file), m[1] as string), seen, ops);
  }
  return ops;
};

/** Amplify auth APIs the web app names, and the Cognito operations behind them. */
const webOperations = () => {
  const dist = amplifyAuthDist();
  const apis = readdirSync(join(dist, 'providers/cognito/apis'))
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => f.replace(/\.mjs$/, ''));
  const files = sourceFiles(join(repo, 'web/src')).filter((f) =>
    readFileSync(f, 'utf8').includes('aws-amplify/auth'),
  );
  const used = new Set<string>();
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    for (const api of [...apis, 'fetchAuthSession']) {
      if (new RegExp(`\\b${api}\\b`).test(src)) used.add(api);
    }
  }
  const ops = new Set<string>();
  for (const api of used) {
    const entry =
      api === 'fetchAuthSession'
        ? join(dist, 'providers/cognito/utils/refreshAuthTokens.mjs')
        : join(dist, `providers/cognito/apis/${api}.mjs`);
    for (const op of amplifyClients(entry)) ops.add(op);
  }
  return { used, ops };
};

/** The operations in docs/cognito.md's table (first column, in backticks). */
const tableOperations = () => {
  const readme = readFileSync(join(repo, 'mock-server/docs/cognito.md'), 'utf8');
  const start = readme.indexOf('## Cognito operations');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const ops = new Set<string>();
  for (const line of section.split('\n')) {
    const first = line.startsWith('|') ? line.split('|')[1] : undefined;
    if (first === undefined) continue;
    for (const m of first.matchAll(/`([A-Z]\w+)`/g)) ops.add(m[1] as string);
  }
  return ops;
};

describe('the table of Cognito operations (docs/cognito.md)', () => {
  const listed = tableOperations();

  it('lists every Cognito operation the Lambda handlers and provisioning call', () => {
    const used = [
      ...sdkOperations(join(repo, 'lambdas/src')),
      ...sdkOperations(join(repo, 'mock-server/src')),
    ];
    expect(used.length).toBeGreaterThan(3);
    expect(used.filter((op) => !listed.has(op))).toEqual([]);
  });

  it('lists every Cognito operation behind the Amplify calls of the web app', () => {
    const { used, ops } = webOperations();
    expect(used).toContain('signIn');
    expect(ops).toContain('InitiateAuth');
    expect([...ops].filter((op) => !listed.has(op))).toEqual([]);
  });

  it('lists every target the fidelity layer answers', () => {
    expect(Object.keys(fidelityTargets).filter((op) => !listed.has(op))).toEqual([]);
  });
});
