import { join } from 'node:path';
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
  it('a feature never imports another feature', async () => {
    expect(
      await rulesBroken(
        'lambdas/src/features/session/probe.ts',
        "export { createUser } from '../users/create-user.core';\n",
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

  it("…except the audit feature's entry helpers", async () => {
    expect(
      await rulesBroken(
        'lambdas/src/features/users/probe.ts',
        "export { actorOf } from '../audit/audit-entry';\n",
      ),
    ).toEqual([]);
  });

  it('a feature imports neither http/ nor adapters/ nor the wiring', async () => {
    for (const from of ['../../http/router', '../../adapters/s3-exports', '../../wiring/handler']) {
      expect(
        await rulesBroken('lambdas/src/features/users/probe.ts', `export * from '${from}';\n`),
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

  it('the web imports only the contract of the other workspaces', async () => {
    expect(
      await rulesBroken(
        'web/src/lib/probe.ts',
        "import { lambdaEnv } from '@ccsc/lambdas/env';\nexport const f = lambdaEnv;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await rulesBroken(
        'web/src/lib/probe.ts',
        "import { routes } from '@ccsc/contract';\nexport const r = routes;\n",
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

  it('file names are kebab-case, but for the operation names SPEC §7 fixes', async () => {
    expect(
      await rulesBroken('lambdas/src/features/users/userThing.ts', 'export const a = 1;\n'),
    ).toContain('check-file/filename-naming-convention');
    expect(
      await rulesBroken('lambdas/src/handlers/getOrgSysList.ts', 'export const a = 1;\n'),
    ).toEqual([]);
  });
});
