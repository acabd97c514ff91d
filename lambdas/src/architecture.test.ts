import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the house is kept by lint (eslint.config.js): these probes prove each boundary
 * fires, so a config change that silently drops one fails here. Probes are linted as text under
 * a path of the place they pretend to be, without type information (they are not in a tsconfig).
 */
const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.{ts,tsx}'] }],
});

const rulesBroken = async (path: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
};

describe('the boundaries lint keeps', () => {
  it('an area never imports another area', async () => {
    expect(
      await rulesBroken(
        'lambdas/src/session/probe.ts',
        "export { createUser } from '../users/create-user.core';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it("an area's table declares its own cores, and names its kits: it never imports their wiring", async () => {
    expect(
      await rulesBroken(
        'lambdas/src/users/operations.ts',
        "export { profile } from '../wiring/users-kits';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken(
        'lambdas/src/standards/operations.ts',
        "export { publishThenRelease } from '../flows/publish-then-release';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('a web feature never imports another web feature', async () => {
    expect(
      await rulesBroken(
        'web/src/features/audit/probe.ts',
        "export { UserListPage } from '../users/components/user-list-page';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('…not even in a test, and with no exception', async () => {
    for (const [from, to] of [
      ['users', '../audit/audit-records'],
      ['documents', '../registry/registry-view'],
      ['dashboard', '../audit/list-audit-records.core'],
    ]) {
      expect(
        await rulesBroken(
          `lambdas/src/${String(from)}/probe.test.ts`,
          `export * from '${String(to)}';\n`,
        ),
      ).toContain('import-x/no-restricted-paths');
    }
  });

  it('every area may import core/', async () => {
    expect(
      await rulesBroken(
        'lambdas/src/users/probe.ts',
        "export { actorOf } from '../core/audit-entry';\n",
      ),
    ).toEqual([]);
  });

  it('core/ imports no area', async () => {
    expect(
      await rulesBroken('lambdas/src/core/probe.ts', "export * from '../users/user-writes';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('an area and core/ import neither http/ nor adapters/ nor the wiring', async () => {
    for (const [at, from] of [
      ['users', '../http/router'],
      ['users', '../adapters/s3-exports'],
      ['users', '../wiring/handler'],
      ['core', '../adapters/dynamodb-query'],
    ]) {
      expect(
        await rulesBroken(
          `lambdas/src/${String(at)}/probe.ts`,
          `export * from '${String(from)}';\n`,
        ),
      ).toContain('import-x/no-restricted-paths');
    }
  });

  it('the contract imports zod alone', async () => {
    expect(
      await rulesBroken(
        'lambdas/contract/src/probe.ts',
        "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('the formats import their libraries and the contract alone', async () => {
    expect(
      await rulesBroken(
        'lambdas/formats/src/probe.ts',
        "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await rulesBroken(
        'lambdas/formats/src/probe.ts',
        "export { actorOf } from '../../src/core/audit-entry';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('the web imports only the contract and the formats of the other workspaces', async () => {
    expect(
      await rulesBroken(
        'web/src/lib/probe.ts',
        "import { lambdaEnv } from '@ccsc/lambdas/env';\nexport const f = lambdaEnv;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await rulesBroken(
        'web/src/lib/probe.ts',
        "import { routes } from '@ccsc/contract/routes';\nexport const r = routes;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'web/src/lib/probe.ts',
        "import { readCsv } from '@ccsc/formats/read-csv';\nexport const r = readCsv;\n",
      ),
    ).toEqual([]);
  });

  it('no workspace reaches into another by a relative path', async () => {
    expect(
      await rulesBroken(
        'mock-server/src/probe.ts',
        "import { lambdaEnv } from '../../lambdas/src/env';\nexport const f = lambdaEnv;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('file names are kebab-case, with no exception (no file carries an operation name)', async () => {
    expect(await rulesBroken('lambdas/src/users/userThing.ts', 'export const a = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
    expect(
      await rulesBroken('lambdas/src/handlers/getOrgSysList.ts', 'export const a = 1;\n'),
    ).toContain('check-file/filename-naming-convention');
  });
});

/** Every relative import of lambdas/src, read from the files themselves (no lint involved). */
const SRC = join(root, 'lambdas', 'src');
const importGraph = (): Map<string, string[]> => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SRC, f));
  const known = new Set(files);
  const resolveImport = (from: string, spec: string) =>
    [`${spec}.ts`, join(spec, 'index.ts'), spec]
      .map((candidate) => resolve(dirname(from), candidate))
      .find((candidate) => known.has(candidate));
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)]
        .map((m) => resolveImport(file, String(m[1])))
        .filter((target): target is string => target !== undefined),
    ]),
  );
};
const RUNTIME = new Set([
  'flows',
  'adapters',
  'http',
  'wiring',
  'handlers',
  'jobs',
  'entries',
  'testing',
]);
const roomOf = (file: string) => relative(SRC, file).split(sep)[0] ?? '';
const isArea = (room: string) => room !== 'core' && !RUNTIME.has(room) && !room.endsWith('.ts');

describe('the import graph itself', () => {
  const graph = importGraph();

  it('has no edge from one area into another, nor from core/ into an area', () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          const [from, to] = [roomOf(file), roomOf(target)];
          return isArea(to) && from !== to && (isArea(from) || from === 'core');
        })
        .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
    );
    expect(wrong).toEqual([]);
  });

  it('has no cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push(
          [...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '),
        );
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
